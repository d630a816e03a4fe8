import type { Category, CategoryAttribute, CategorySettings, PromotionPack, Site } from '../../api/categories';
import type { SeedContext } from './context';
import { itemCategories, type Item, type ItemAttribute } from './core';

/**
 * Categories area of the demo database: one tree per site, built from the tables below so that every
 * rule of the spec holds by construction — path_from_root and children agree, leaves have no children
 * (and only leaves have listing_allowed), a parent's total_items_in_this_category is the sum of its
 * children's. The seed is pure tables and index arithmetic (no draws from context.random), so adding or
 * changing categories never shifts another area's seeded data.
 */

type Language = 'es' | 'pt';
type Text = Record<Language, string>;
const text = (es: string, pt: string = es): Text => ({ es, pt });

type Profile = 'product' | 'apparel' | 'vehicle' | 'realEstate' | 'adult';

export interface SiteRecord extends Site {
  language: Language;
  /** Host of the marketplace, for permalinks. */
  host: string;
  /** Listing fees: a percentage of the price per listing type, plus a fixed fee below a threshold. */
  fees: { fixedFee: number; fixedFeeBelow: number; percent: Record<ListingTypeId, number> };
}

export type ListingTypeId = 'gold_pro' | 'gold_special' | 'free';

/** Listing types of every site, best exposure first (names per site language). */
export const listingTypes: { id: ListingTypeId; name: Text; exposure: string }[] = [
  { id: 'gold_pro', name: text('Premium'), exposure: 'highest' },
  { id: 'gold_special', name: text('Clásica', 'Clássico'), exposure: 'high' },
  { id: 'free', name: text('Gratuita', 'Grátis'), exposure: 'lowest' },
];

const sites: SiteRecord[] = [
  {
    id: 'MLA',
    name: 'Argentina',
    default_currency_id: 'ARS',
    language: 'es',
    host: 'mercadolibre.com.ar',
    fees: { fixedFee: 1000, fixedFeeBelow: 15000, percent: { gold_pro: 16.5, gold_special: 12.5, free: 0 } },
  },
  {
    id: 'MLB',
    name: 'Brasil',
    default_currency_id: 'BRL',
    language: 'pt',
    host: 'mercadolivre.com.br',
    fees: { fixedFee: 6.25, fixedFeeBelow: 79, percent: { gold_pro: 16, gold_special: 11.5, free: 0 } },
  },
  {
    id: 'MLM',
    name: 'México',
    default_currency_id: 'MXN',
    language: 'es',
    host: 'mercadolibre.com.mx',
    fees: { fixedFee: 25, fixedFeeBelow: 299, percent: { gold_pro: 17.5, gold_special: 13.5, free: 0 } },
  },
];

// ------------------------------------------------------------------------------------------ attributes

interface AttributeDef {
  name: Text;
  value_type: 'list' | 'number' | 'boolean' | 'string';
  group: keyof typeof groups;
  tags?: Record<string, boolean>;
  max?: number;
  values?: [id: string, name: Text][];
}

const groups = {
  MAIN: text('Características principales', 'Características principais'),
  TECH: text('Especificaciones técnicas', 'Especificações técnicas'),
  OTHERS: text('Otros', 'Outros'),
};

const yesNo: [string, Text][] = [
  ['242085', text('Sí', 'Sim')],
  ['242084', text('No', 'Não')],
];

const colors: [string, Text, string[]][] = [
  ['52049', text('Negro', 'Preto'), ['negro', 'negra', 'preto', 'preta', 'black']],
  ['52055', text('Blanco', 'Branco'), ['blanco', 'blanca', 'branco', 'branca', 'white']],
  ['52028', text('Azul'), ['azul', 'blue']],
  ['51993', text('Rojo', 'Vermelho'), ['rojo', 'roja', 'vermelho', 'vermelha', 'red']],
  ['283165', text('Gris', 'Cinza'), ['gris', 'cinza', 'gray', 'grey']],
];

/** Brand values share one id table; `aliases` are title words that also name the brand. */
const brands: [name: string, aliases: string[]][] = [
  ['Samsung', ['galaxy']],
  ['Motorola', []],
  ['Apple', ['iphone', 'macbook']],
  ['Xiaomi', ['redmi']],
  ['Lenovo', ['ideapad', 'thinkpad']],
  ['HP', []],
  ['Asus', []],
  ['Kingston', []],
  ['Western Digital', []],
  ['Toyota', ['corolla', 'hilux']],
  ['Volkswagen', ['amarok', 'gol']],
  ['Fiat', ['cronos']],
  ['Ford', ['ranger']],
  ['Honda', []],
  ['Yamaha', []],
  ['Nike', []],
  ['Adidas', []],
  ['Topper', []],
  ['Natura', []],
  ['Spiro', []],
];
const brandId = (name: string) => String(9000 + brands.findIndex(([brand]) => brand === name));

const attributes = {
  BRAND: { name: text('Marca'), value_type: 'list', group: 'MAIN', tags: { required: true, catalog_required: true } },
  MODEL: { name: text('Modelo'), value_type: 'string', group: 'MAIN', max: 255, tags: { required: true } },
  ITEM_CONDITION: {
    name: text('Condición del ítem', 'Condição do item'),
    value_type: 'list',
    group: 'MAIN',
    tags: { required: true },
    values: [
      ['2230284', text('Nuevo', 'Novo')],
      ['2230581', text('Usado')],
    ],
  },
  GTIN: {
    name: text('Código universal de producto', 'Código universal de produto'),
    value_type: 'string',
    group: 'OTHERS',
    max: 60,
    tags: {},
  },
  COLOR: { name: text('Color', 'Cor'), value_type: 'list', group: 'MAIN', values: colors.map(([id, name]) => [id, name]) },
  INTERNAL_MEMORY: {
    name: text('Memoria interna', 'Memória interna'),
    value_type: 'number',
    group: 'TECH',
    max: 18,
    tags: { required: true },
  },
  RAM: { name: text('Memoria RAM', 'Memória RAM'), value_type: 'number', group: 'TECH', max: 18 },
  IS_DUAL_SIM: { name: text('Es Dual SIM', 'É Dual SIM'), value_type: 'boolean', group: 'TECH', values: yesNo },
  WITH_NFC: { name: text('Con NFC', 'Com NFC'), value_type: 'boolean', group: 'TECH', values: yesNo, tags: {} },
  OPERATING_SYSTEM: {
    name: text('Sistema operativo', 'Sistema operacional'),
    value_type: 'list',
    group: 'TECH',
    values: [
      ['7404961', text('Android')],
      ['7404962', text('iOS')],
    ],
  },
  COMPATIBLE_MODEL: {
    name: text('Modelo compatible', 'Modelo compatível'),
    value_type: 'string',
    group: 'MAIN',
    max: 255,
    tags: { required: true },
  },
  MATERIAL: {
    name: text('Material'),
    value_type: 'list',
    group: 'OTHERS',
    values: [
      ['1092', text('Silicona', 'Silicone')],
      ['1093', text('Cuero', 'Couro')],
      ['1094', text('Algodón', 'Algodão')],
    ],
  },
  POWER_OUTPUT: { name: text('Potencia de salida', 'Potência de saída'), value_type: 'number', group: 'TECH', max: 18 },
  CONNECTOR_TYPE: {
    name: text('Tipo de conector'),
    value_type: 'list',
    group: 'TECH',
    tags: { required: true },
    values: [
      ['3201', text('USB-C')],
      ['3202', text('Lightning')],
      ['3203', text('Micro USB')],
    ],
  },
  WITH_FAST_CHARGE: { name: text('Con carga rápida', 'Com carregamento rápido'), value_type: 'boolean', group: 'TECH', values: yesNo },
  PROCESSOR_BRAND: {
    name: text('Marca del procesador', 'Marca do processador'),
    value_type: 'list',
    group: 'TECH',
    tags: { required: true },
    values: [
      ['4101', text('Intel')],
      ['4102', text('AMD')],
      ['4103', text('Apple')],
    ],
  },
  SSD_CAPACITY: { name: text('Capacidad del SSD', 'Capacidade do SSD'), value_type: 'number', group: 'TECH', max: 18 },
  SCREEN_SIZE: {
    name: text('Tamaño de pantalla', 'Tamanho da tela'),
    value_type: 'number',
    group: 'TECH',
    max: 18,
    tags: { required: true },
  },
  WITH_BLUETOOTH: { name: text('Con Bluetooth', 'Com Bluetooth'), value_type: 'boolean', group: 'TECH', values: yesNo },
  MEMORY_TYPE: {
    name: text('Tipo de memoria', 'Tipo de memória'),
    value_type: 'list',
    group: 'TECH',
    tags: { required: true },
    values: [
      ['5101', text('DDR4')],
      ['5102', text('DDR5')],
    ],
  },
  CAPACITY: { name: text('Capacidad', 'Capacidade'), value_type: 'number', group: 'TECH', max: 18, tags: { required: true } },
  DRIVE_TYPE: {
    name: text('Tipo de disco'),
    value_type: 'list',
    group: 'TECH',
    values: [
      ['5201', text('SSD')],
      ['5202', text('HDD')],
    ],
  },
  VEHICLE_TYPE: {
    name: text('Tipo de vehículo', 'Tipo de veículo'),
    value_type: 'list',
    group: 'MAIN',
    tags: { required: true, fixed: true },
    values: [
      ['6101', text('Auto', 'Carro')],
      ['6102', text('Moto')],
    ],
  },
  VEHICLE_YEAR: { name: text('Año', 'Ano'), value_type: 'number', group: 'MAIN', max: 4, tags: { required: true } },
  KILOMETERS: { name: text('Kilómetros', 'Quilômetros'), value_type: 'number', group: 'MAIN', max: 10, tags: { required: true } },
  FUEL_TYPE: {
    name: text('Tipo de combustible', 'Tipo de combustível'),
    value_type: 'list',
    group: 'TECH',
    tags: { required: true },
    values: [
      ['6201', text('Nafta', 'Gasolina')],
      ['6202', text('Diésel', 'Diesel')],
      ['6203', text('Híbrido')],
    ],
  },
  TRANSMISSION: {
    name: text('Transmisión', 'Transmissão'),
    value_type: 'list',
    group: 'TECH',
    values: [
      ['6301', text('Manual')],
      ['6302', text('Automática')],
    ],
  },
  DOORS: { name: text('Puertas', 'Portas'), value_type: 'number', group: 'TECH', max: 1 },
  ENGINE_DISPLACEMENT: { name: text('Cilindrada'), value_type: 'number', group: 'TECH', max: 5 },
  HAS_AIR_CONDITIONING: { name: text('Aire acondicionado', 'Ar-condicionado'), value_type: 'boolean', group: 'OTHERS', values: yesNo },
  SIZE: { name: text('Talle', 'Tamanho'), value_type: 'string', group: 'MAIN', max: 30, tags: { required: true } },
  GENDER: {
    name: text('Género', 'Gênero'),
    value_type: 'list',
    group: 'MAIN',
    tags: { required: true },
    values: [
      ['339666', text('Hombre', 'Masculino')],
      ['339665', text('Mujer', 'Feminino')],
      ['110461', text('Sin género', 'Sem gênero')],
    ],
  },
  IS_WATERPROOF: { name: text('Es impermeable', 'É impermeável'), value_type: 'boolean', group: 'OTHERS', values: yesNo },
  PROPERTY_TYPE: {
    name: text('Tipo de inmueble', 'Tipo de imóvel'),
    value_type: 'list',
    group: 'MAIN',
    tags: { required: true, fixed: true },
    values: [
      ['242062', text('Departamento', 'Apartamento')],
      ['242060', text('Casa')],
    ],
  },
  OPERATION: {
    name: text('Operación', 'Operação'),
    value_type: 'list',
    group: 'MAIN',
    tags: { required: true },
    values: [
      ['242075', text('Venta', 'Venda')],
      ['242073', text('Alquiler', 'Aluguel')],
    ],
  },
  COVERED_AREA: {
    name: text('Superficie cubierta', 'Área construída'),
    value_type: 'number',
    group: 'MAIN',
    max: 10,
    tags: { required: true },
  },
  ROOMS: { name: text('Ambientes', 'Cômodos'), value_type: 'number', group: 'MAIN', max: 3 },
  HAS_POOL: { name: text('Con pileta', 'Com piscina'), value_type: 'boolean', group: 'OTHERS', values: yesNo },
  VOLUME: { name: text('Volumen', 'Volume'), value_type: 'number', group: 'TECH', max: 10 },
  FRAGRANCE_NAME: { name: text('Nombre de la fragancia', 'Nome da fragrância'), value_type: 'string', group: 'MAIN', max: 120 },
} satisfies Record<string, AttributeDef>;

type AttributeId = keyof typeof attributes;

// --------------------------------------------------------------------------------------------- domains

interface DomainDef {
  name: Text;
  attributes: AttributeId[];
  brands: string[];
  /** Title words (lower case, no accents) and how strongly each points at this domain. */
  keywords: Record<string, number>;
  /** Titles of the items the simulator lists in the domain's categories: product × variant. */
  products: string[];
  variants: string[];
  basePrice: number;
  /** Percentage points added to the site's sale fee for listings of this domain (none when absent). */
  saleFeePoints?: number;
}

const domains = {
  CELLPHONES: {
    name: text('Celulares y smartphones', 'Celulares e smartphones'),
    attributes: [
      'BRAND',
      'MODEL',
      'ITEM_CONDITION',
      'COLOR',
      'INTERNAL_MEMORY',
      'RAM',
      'OPERATING_SYSTEM',
      'IS_DUAL_SIM',
      'WITH_NFC',
      'GTIN',
    ],
    brands: ['Samsung', 'Motorola', 'Apple', 'Xiaomi'],
    keywords: { celular: 3, celulares: 3, smartphone: 3, iphone: 3, galaxy: 2, redmi: 2, motorola: 2, telefono: 1 },
    products: ['Samsung Galaxy A15', 'Motorola Moto G54', 'Xiaomi Redmi 13C', 'Apple iPhone 13', 'Samsung Galaxy S23', 'Motorola Edge 40'],
    variants: ['128 GB Negro', '256 GB Azul', '64 GB Blanco', '128 GB Gris', '256 GB Negro'],
    basePrice: 350000,
  },
  CELLPHONE_CASES: {
    name: text('Fundas para celulares', 'Capas para celulares'),
    attributes: ['BRAND', 'COMPATIBLE_MODEL', 'MATERIAL', 'COLOR', 'ITEM_CONDITION'],
    brands: ['Samsung', 'Apple', 'Motorola'],
    keywords: { funda: 3, fundas: 3, capa: 3, capinha: 3, protector: 2, case: 2 },
    products: ['Funda silicona Galaxy A15', 'Funda cuero iPhone 13', 'Funda antigolpes Moto G54'],
    variants: ['Negra', 'Azul', 'Roja'],
    basePrice: 9000,
    saleFeePoints: 2,
  },
  CELLPHONE_CHARGERS: {
    name: text('Cargadores para celulares', 'Carregadores para celulares'),
    attributes: ['BRAND', 'MODEL', 'CONNECTOR_TYPE', 'POWER_OUTPUT', 'WITH_FAST_CHARGE', 'ITEM_CONDITION'],
    brands: ['Samsung', 'Apple', 'Xiaomi'],
    keywords: { cargador: 3, cargadores: 3, carregador: 3, fuente: 1, usb: 1, cable: 1 },
    products: ['Cargador USB-C 25 W', 'Cargador doble USB 20 W', 'Cargador Lightning 20 W'],
    variants: ['Blanco', 'Negro'],
    basePrice: 12000,
    saleFeePoints: 1.5,
  },
  NOTEBOOKS: {
    name: text('Notebooks'),
    attributes: [
      'BRAND',
      'MODEL',
      'ITEM_CONDITION',
      'PROCESSOR_BRAND',
      'RAM',
      'SSD_CAPACITY',
      'SCREEN_SIZE',
      'WITH_BLUETOOTH',
      'COLOR',
      'GTIN',
    ],
    brands: ['Lenovo', 'HP', 'Asus', 'Apple'],
    keywords: { notebook: 3, notebooks: 3, laptop: 3, laptops: 3, ultrabook: 3, macbook: 3, ideapad: 2, thinkpad: 2, ryzen: 1, core: 1 },
    products: ['Notebook Lenovo IdeaPad 3 15.6"', 'Notebook HP 240 G9 14"', 'Notebook Asus Vivobook 15', 'Apple MacBook Air M2 13"'],
    variants: ['8 GB 256 GB SSD', '16 GB 512 GB SSD'],
    basePrice: 780000,
    saleFeePoints: -1,
  },
  RAM_MEMORIES: {
    name: text('Memorias RAM', 'Memórias RAM'),
    attributes: ['BRAND', 'MODEL', 'MEMORY_TYPE', 'CAPACITY', 'ITEM_CONDITION'],
    brands: ['Kingston'],
    keywords: { ram: 3, ddr4: 3, ddr5: 3, memoria: 1, sodimm: 2 },
    products: ['Memoria RAM Kingston Fury DDR4', 'Memoria RAM Kingston ValueRAM DDR5'],
    variants: ['8 GB', '16 GB'],
    basePrice: 28000,
    saleFeePoints: 1,
  },
  HARD_DRIVES: {
    name: text('Discos rígidos y SSD', 'Discos rígidos e SSD'),
    attributes: ['BRAND', 'MODEL', 'DRIVE_TYPE', 'CAPACITY', 'ITEM_CONDITION'],
    brands: ['Kingston', 'Western Digital'],
    keywords: { disco: 3, ssd: 2, hdd: 3, nvme: 3, rigido: 2 },
    products: ['Disco SSD Kingston A400', 'Disco WD Blue HDD'],
    variants: ['480 GB', '1 TB'],
    basePrice: 42000,
  },
  CARS_AND_VANS: {
    name: text('Autos y camionetas', 'Carros e caminhonetes'),
    attributes: [
      'VEHICLE_TYPE',
      'BRAND',
      'MODEL',
      'VEHICLE_YEAR',
      'KILOMETERS',
      'FUEL_TYPE',
      'TRANSMISSION',
      'DOORS',
      'HAS_AIR_CONDITIONING',
    ],
    brands: ['Toyota', 'Volkswagen', 'Fiat', 'Ford'],
    keywords: {
      auto: 2,
      autos: 2,
      carro: 3,
      camioneta: 3,
      caminhonete: 3,
      sedan: 2,
      pickup: 2,
      toyota: 2,
      volkswagen: 2,
      fiat: 2,
      ford: 2,
      corolla: 2,
      hilux: 2,
    },
    products: ['Toyota Hilux 2.8 SRX', 'Volkswagen Gol Trend 1.6', 'Fiat Cronos 1.3 Drive', 'Ford Ranger XLT 3.2'],
    variants: ['2019', '2021', '2023'],
    basePrice: 18000000,
  },
  MOTORCYCLES: {
    name: text('Motos'),
    attributes: ['VEHICLE_TYPE', 'BRAND', 'MODEL', 'VEHICLE_YEAR', 'KILOMETERS', 'ENGINE_DISPLACEMENT'],
    brands: ['Honda', 'Yamaha'],
    keywords: { moto: 2, motos: 2, motocicleta: 3, cc: 1, scooter: 3, yamaha: 2 },
    products: ['Honda CB 190R', 'Yamaha FZ 25'],
    variants: ['2020', '2022'],
    basePrice: 3500000,
  },
  SNEAKERS: {
    name: text('Zapatillas', 'Tênis'),
    attributes: ['BRAND', 'MODEL', 'GENDER', 'SIZE', 'COLOR', 'IS_WATERPROOF', 'ITEM_CONDITION'],
    brands: ['Nike', 'Adidas', 'Topper'],
    keywords: { zapatilla: 3, zapatillas: 3, tenis: 3, sneaker: 3, sneakers: 3, running: 2, nike: 2, adidas: 2 },
    products: ['Zapatillas Nike Revolution 6', 'Zapatillas Adidas Duramo SL', 'Zapatillas Topper Strong Pace'],
    variants: ['Hombre Negro', 'Mujer Blanco', 'Hombre Azul'],
    basePrice: 85000,
    saleFeePoints: 1.5,
  },
  T_SHIRTS: {
    name: text('Remeras', 'Camisetas'),
    attributes: ['BRAND', 'MODEL', 'GENDER', 'SIZE', 'COLOR', 'MATERIAL'],
    brands: ['Nike', 'Adidas', 'Topper'],
    keywords: { remera: 3, remeras: 3, camiseta: 3, playera: 3, musculosa: 2 },
    products: ['Remera algodón básica', 'Remera deportiva dry fit'],
    variants: ['Negra', 'Blanca', 'Gris'],
    basePrice: 15000,
    saleFeePoints: 2.5,
  },
  APARTMENTS: {
    name: text('Departamentos', 'Apartamentos'),
    attributes: ['PROPERTY_TYPE', 'OPERATION', 'COVERED_AREA', 'ROOMS', 'HAS_POOL'],
    brands: [],
    keywords: { departamento: 3, apartamento: 3, monoambiente: 3, ambientes: 2, depto: 3 },
    products: ['Departamento 2 ambientes Palermo', 'Departamento 3 ambientes Caballito', 'Monoambiente Centro'],
    variants: ['Venta', 'Alquiler'],
    basePrice: 95000000,
  },
  HOUSES: {
    name: text('Casas'),
    attributes: ['PROPERTY_TYPE', 'OPERATION', 'COVERED_AREA', 'ROOMS', 'HAS_POOL'],
    brands: [],
    keywords: { casa: 3, chalet: 3, quinta: 2 },
    products: ['Casa 4 ambientes con jardín', 'Chalet en barrio cerrado'],
    variants: ['Venta'],
    basePrice: 160000000,
  },
  PERFUMES: {
    name: text('Perfumes'),
    attributes: ['BRAND', 'FRAGRANCE_NAME', 'GENDER', 'VOLUME', 'ITEM_CONDITION'],
    brands: ['Natura'],
    keywords: { perfume: 3, perfumes: 3, fragancia: 3, colonia: 2, eau: 1 },
    products: ['Perfume Natura Kaiak', 'Perfume Natura Essencial'],
    variants: ['100 ml', '50 ml'],
    basePrice: 45000,
    saleFeePoints: 1,
  },
  INTIMATE_WELLNESS: {
    name: text('Bienestar íntimo', 'Bem-estar íntimo'),
    attributes: ['BRAND', 'MODEL', 'VOLUME', 'ITEM_CONDITION'],
    brands: ['Spiro'],
    keywords: { intimo: 3, lubricante: 3, preservativos: 3 },
    products: ['Gel lubricante íntimo'],
    variants: ['50 ml', '100 ml'],
    basePrice: 6000,
  },
} satisfies Record<string, DomainDef>;

type DomainKey = keyof typeof domains;

// ------------------------------------------------------------------------------------------------ trees

interface TreeNode {
  id: string;
  name: string;
  /** Leaves: the domain they belong to and their own marketplace-wide item count. */
  domain?: DomainKey;
  items?: number;
  profile?: Profile;
  /** Settings that differ from the profile's (per-category limits: the spec says values vary). */
  settings?: Partial<CategorySettings>;
  /** Items the simulator lists in this leaf (item search). */
  listed?: number;
  children?: TreeNode[];
}

const { phones, notebooks, cars, sneakers } = itemCategories;

const trees: Record<string, TreeNode[]> = {
  MLA: [
    {
      id: phones.parent.id,
      name: phones.parent.name,
      children: [
        { id: phones.id, name: phones.name, domain: 'CELLPHONES', items: 48231, listed: 26, settings: { max_title_length: 60 } },
        {
          id: 'MLA3502',
          name: 'Accesorios para Celulares',
          children: [
            {
              id: 'MLA3813',
              name: 'Fundas y Protectores',
              domain: 'CELLPHONE_CASES',
              items: 61570,
              listed: 6,
              settings: { max_title_length: 55 },
            },
            {
              id: 'MLA5337',
              name: 'Cargadores',
              domain: 'CELLPHONE_CHARGERS',
              items: 23844,
              listed: 5,
              settings: { max_title_length: 58 },
            },
          ],
        },
      ],
    },
    {
      id: notebooks.parent.id,
      name: notebooks.parent.name,
      children: [
        {
          id: notebooks.id,
          name: notebooks.name,
          domain: 'NOTEBOOKS',
          items: 18422,
          listed: 8,
          settings: { max_title_length: 65, max_pictures_per_item: 10 },
        },
        {
          id: 'MLA1649',
          name: 'Componentes de PC',
          children: [
            {
              id: 'MLA1694',
              name: 'Memorias RAM',
              domain: 'RAM_MEMORIES',
              items: 6311,
              listed: 4,
              settings: { max_title_length: 50, fragile: true },
            },
            {
              id: 'MLA1672',
              name: 'Discos y Almacenamiento',
              domain: 'HARD_DRIVES',
              items: 9550,
              listed: 4,
              settings: { max_title_length: 52, fragile: true },
            },
          ],
        },
      ],
    },
    {
      id: cars.parent.id,
      name: cars.parent.name,
      profile: 'vehicle',
      children: [
        {
          id: cars.id,
          name: cars.name,
          domain: 'CARS_AND_VANS',
          items: 92014,
          listed: 6,
          profile: 'vehicle',
          settings: { max_title_length: 80, minimum_price: 500000 },
        },
        {
          id: 'MLA1763',
          name: 'Motos',
          domain: 'MOTORCYCLES',
          items: 14288,
          listed: 3,
          profile: 'vehicle',
          settings: { max_title_length: 75, minimum_price: 100000 },
        },
      ],
    },
    {
      id: sneakers.parent.id,
      name: sneakers.parent.name,
      profile: 'apparel',
      children: [
        {
          id: sneakers.id,
          name: sneakers.name,
          domain: 'SNEAKERS',
          items: 38650,
          listed: 7,
          profile: 'apparel',
          settings: { max_title_length: 55 },
        },
        {
          id: 'MLA417704',
          name: 'Remeras',
          domain: 'T_SHIRTS',
          items: 51233,
          listed: 5,
          profile: 'apparel',
          settings: { max_title_length: 58 },
        },
      ],
    },
    {
      id: 'MLA1459',
      name: 'Inmuebles',
      profile: 'realEstate',
      children: [
        {
          id: 'MLA1472',
          name: 'Departamentos',
          domain: 'APARTMENTS',
          items: 40311,
          listed: 5,
          profile: 'realEstate',
          settings: { max_title_length: 100 },
        },
        {
          id: 'MLA1466',
          name: 'Casas',
          domain: 'HOUSES',
          items: 21780,
          listed: 2,
          profile: 'realEstate',
          settings: { max_title_length: 100, maximum_price: 9_000_000_000 },
        },
      ],
    },
    {
      id: 'MLA1246',
      name: 'Belleza y Cuidado Personal',
      children: [
        { id: 'MLA1271', name: 'Perfumes', domain: 'PERFUMES', items: 30122, listed: 4, settings: { max_title_length: 60, fragile: true } },
        {
          id: 'MLA412348',
          name: 'Bienestar Íntimo',
          domain: 'INTIMATE_WELLNESS',
          items: 2210,
          listed: 2,
          profile: 'adult',
          settings: { max_title_length: 50 },
        },
      ],
    },
  ],
  MLB: [
    {
      id: 'MLB1051',
      name: 'Celulares e Telefones',
      children: [
        {
          id: 'MLB1055',
          name: 'Celulares e Smartphones',
          domain: 'CELLPHONES',
          items: 88120,
          listed: 6,
          settings: { max_title_length: 60 },
        },
        {
          id: 'MLB3813',
          name: 'Capas e Películas',
          domain: 'CELLPHONE_CASES',
          items: 120450,
          listed: 3,
          settings: { max_title_length: 60 },
        },
      ],
    },
    {
      id: 'MLB1648',
      name: 'Informática',
      children: [{ id: 'MLB1652', name: 'Notebooks', domain: 'NOTEBOOKS', items: 25320, listed: 4, settings: { max_title_length: 60 } }],
    },
    {
      id: 'MLB1743',
      name: 'Carros, Motos e Outros',
      profile: 'vehicle',
      children: [
        {
          id: 'MLB1744',
          name: 'Carros e Caminhonetes',
          domain: 'CARS_AND_VANS',
          items: 210330,
          listed: 2,
          profile: 'vehicle',
          settings: { max_title_length: 70 },
        },
        {
          id: 'MLB1763',
          name: 'Motos',
          domain: 'MOTORCYCLES',
          items: 40210,
          listed: 2,
          profile: 'vehicle',
          settings: { max_title_length: 70 },
        },
      ],
    },
    {
      id: 'MLB1430',
      name: 'Calçados, Roupas e Bolsas',
      profile: 'apparel',
      children: [
        {
          id: 'MLB23332',
          name: 'Tênis',
          domain: 'SNEAKERS',
          items: 64200,
          listed: 3,
          profile: 'apparel',
          settings: { max_title_length: 60 },
        },
      ],
    },
  ],
  MLM: [
    {
      id: 'MLM1051',
      name: 'Celulares y Telefonía',
      children: [
        {
          id: 'MLM1055',
          name: 'Celulares y Smartphones',
          domain: 'CELLPHONES',
          items: 70512,
          listed: 5,
          settings: { max_title_length: 60 },
        },
      ],
    },
    {
      id: 'MLM1648',
      name: 'Computación',
      children: [{ id: 'MLM1652', name: 'Laptops', domain: 'NOTEBOOKS', items: 21903, listed: 3, settings: { max_title_length: 60 } }],
    },
    {
      id: 'MLM1743',
      name: 'Autos, Motos y Otros',
      profile: 'vehicle',
      children: [
        {
          id: 'MLM1744',
          name: 'Autos y Camionetas',
          domain: 'CARS_AND_VANS',
          items: 120900,
          listed: 2,
          profile: 'vehicle',
          settings: { max_title_length: 60 },
        },
      ],
    },
    {
      id: 'MLM1430',
      name: 'Ropa, Bolsas y Calzado',
      profile: 'apparel',
      children: [
        {
          id: 'MLM6585',
          name: 'Tenis',
          domain: 'SNEAKERS',
          items: 45870,
          listed: 3,
          profile: 'apparel',
          settings: { max_title_length: 60 },
        },
      ],
    },
  ],
};

// -------------------------------------------------------------------------------------------- settings

function baseSettings(profile: Profile, site: SiteRecord): CategorySettings {
  const product: CategorySettings = {
    adult_content: false,
    buying_allowed: true,
    buying_modes: ['buy_it_now'],
    coverage_areas: 'not_allowed',
    currencies: [site.default_currency_id],
    fragile: false,
    immediate_payment: 'required',
    item_conditions: ['new', 'used', 'not_specified'],
    items_reviews_allowed: true,
    max_description_length: 50000,
    max_pictures_per_item: 12,
    max_sub_title_length: 70,
    max_title_length: 60,
    price: 'required',
    restrictions: [],
    rounded_address: false,
    seller_contact: 'not_allowed',
    shipping_modes: ['not_specified', 'custom', 'me2'],
    shipping_options: [],
    shipping_profile: 'optional',
    show_contact_information: false,
    simple_shipping: 'optional',
    stock: 'required',
    tags: [],
    vip_subdomain: 'articulo',
    mirror_category: null,
    listing_allowed: true,
    maximum_price: null,
    minimum_price: null,
  };
  const classified: Partial<CategorySettings> = {
    buying_allowed: false,
    buying_modes: ['classified'],
    immediate_payment: 'not_allowed',
    item_conditions: ['new', 'used'],
    items_reviews_allowed: false,
    seller_contact: 'required',
    show_contact_information: true,
    shipping_modes: ['not_specified'],
    shipping_profile: 'not_allowed',
    simple_shipping: 'not_allowed',
    stock: 'not_allowed',
    currencies: [site.default_currency_id, 'USD'],
  };
  switch (profile) {
    case 'product':
      return product;
    case 'apparel':
      return {
        ...product,
        item_conditions: ['new', 'used'],
        tags: ['size_chart_required'],
        shipping_options: ['free_shipping_over_threshold'],
      };
    case 'vehicle':
      return {
        ...product,
        ...classified,
        max_pictures_per_item: 40,
        max_description_length: 8000,
        coverage_areas: 'optional',
        vip_subdomain: 'auto',
        tags: ['classified'],
      };
    case 'realEstate':
      return {
        ...product,
        ...classified,
        item_conditions: ['not_specified'],
        max_pictures_per_item: 30,
        max_description_length: 20000,
        coverage_areas: 'required',
        rounded_address: true,
        vip_subdomain: 'inmueble',
        tags: ['classified', 'geo_required'],
      };
    case 'adult':
      return {
        ...product,
        adult_content: true,
        items_reviews_allowed: false,
        restrictions: ['adults_only', 'hidden_from_search_without_consent'],
      };
  }
}

// ------------------------------------------------------------------------------------------- the state

export interface CategoryRecord {
  resource: Category;
  attributes: CategoryAttribute[];
  site: SiteRecord;
  /** The domain of a leaf (and of the category's first leaf for parents: technical specs). */
  domainId: string | null;
  /** Ids of this category and every category below it (item search covers them all). */
  subtree: string[];
  packs: PromotionPack[];
  /** Its domain's saleFeePoints (the first leaf's for parents). */
  saleFeePoints: number;
}

interface DomainRecord {
  id: string;
  name: string;
  site: string;
  /** The leaf that holds this domain's listings in the site's tree. */
  categoryId: string;
  keywords: Record<string, number>;
  /** Predictable attributes: brand (by name or alias) and colour words, when the domain has them. */
  brands: { id: string; name: string; words: string[] }[];
  hasColor: boolean;
}

export interface CategoriesState {
  sites: SiteRecord[];
  /** Top-level category ids per site. */
  topLevel: Map<string, string[]>;
  categories: Map<string, CategoryRecord>;
  domains: Map<string, DomainRecord>;
}

/** Colour words of the predictor, with the COLOR list value they stand for. */
export const colorWords = colors.map(([id, name, words]) => ({ id, name, words }));

/** Title words: lower case, no accents, split on anything but letters and digits. */
export function titleWords(title: string): string[] {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const slug = (name: string) => titleWords(name).join('-');

/** A small picture as a data URL: the demo fetches nothing from other hosts. */
function picture(name: string, hue: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="12" fill="hsl(${hue},55%,40%)"/><text x="48" y="62" font-size="44" font-family="sans-serif" text-anchor="middle" fill="#fff">${name.charAt(0)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function buildAttributes(ids: AttributeId[], language: Language, brandNames: string[]): CategoryAttribute[] {
  return ids.map((id) => {
    const def: AttributeDef = attributes[id];
    const values =
      id === 'BRAND'
        ? brandNames.map((name) => ({ id: brandId(name), name }))
        : def.values?.map(([valueId, name]) => ({ id: valueId, name: name[language] }));
    return {
      id,
      name: def.name[language],
      value_type: def.value_type,
      ...(def.max !== undefined && { value_max_length: def.max }),
      tags: def.tags ?? {},
      ...(values && { values }),
      attribute_group_id: def.group,
      attribute_group_name: groups[def.group][language],
    };
  });
}

function buildPacks(categoryId: string, site: SiteRecord, profile: Profile): PromotionPack[] {
  if (profile !== 'vehicle' && profile !== 'realEstate') return [];
  const unit = site.fees.fixedFeeBelow * (profile === 'vehicle' ? 2 : 3);
  const plans: [ListingTypeId, number, number, PromotionPack['status']][] = [
    ['gold_special', 1, 30, 'active'],
    ['gold_special', 5, 30, 'active'],
    ['gold_pro', 1, 60, 'active'],
    ['gold_pro', 10, 60, 'inactive'],
  ];
  return plans.map(([type, quantity, days, status], index) => {
    const typeName = listingTypes.find((t) => t.id === type)!.name[site.language];
    return {
      id: `${categoryId}-PACK${index + 1}`,
      description:
        site.language === 'pt'
          ? `${quantity} ${quantity === 1 ? 'anúncio' : 'anúncios'} ${typeName} por ${days} dias`
          : `${quantity} ${quantity === 1 ? 'aviso' : 'avisos'} ${typeName} por ${days} días`,
      status,
      listing_type_id: type,
      listing_quantity: quantity,
      duration_days: days,
      // Bigger packs are cheaper per listing; Premium doubles the price.
      price: Math.round(unit * quantity * (type === 'gold_pro' ? 2 : 1) * (quantity > 1 ? 0.8 : 1)),
      currency_id: site.default_currency_id,
    };
  });
}

function domainId(site: string, key: DomainKey): string {
  return `${site}-${key}`;
}

/** Listed items of a leaf: product × variant titles, prices and quantities from the index (no randomness). */
function listedItems(leaf: TreeNode, site: SiteRecord, sellerBase: number, firstId: number): Item[] {
  const domain: DomainDef = domains[leaf.domain!];
  const rate = site.id === 'MLA' ? 1 : site.id === 'MLB' ? 0.006 : 0.02;
  return Array.from({ length: leaf.listed ?? 0 }, (_, index) => {
    const product = domain.products[index % domain.products.length]!;
    const variant = domain.variants[Math.floor(index / domain.products.length) % domain.variants.length]!;
    const price = Math.round(domain.basePrice * rate * (0.8 + ((index * 37) % 50) / 100));
    const stock = (index * 13) % 40;
    const sold = (index * 71) % 500;
    return {
      id: `${site.id}${firstId + index}`,
      site_id: site.id,
      title: `${product} ${variant}`,
      subtitle: null,
      seller_id: sellerBase + (index % 7),
      category_id: leaf.id,
      official_store_id: null,
      price,
      base_price: price,
      original_price: null,
      inventory_id: null,
      currency_id: site.default_currency_id,
      initial_quantity: stock + sold,
      available_quantity: stock,
      sold_quantity: sold,
      sale_terms: [],
      listing_type_id: 'gold_special',
      attributes: [],
      status: 'active',
      seller_custom_field: null,
      user_product_id: null,
      vehicle: leaf.domain === 'CARS_AND_VANS',
    };
  });
}

/** Item ids of this area: 1450000000–1459999999 after the site id. */
const firstItemNumber = 1450000001;
/** Sellers of the listed items: strangers to the demo, so no other area's lists change. */
const strangerSellers = 500000001;

/** One site per step (yield): the browser seeds between tasks (see seedSteps in ./index). */
export function* seedCategories(context: SeedContext): Generator<void, CategoriesState> {
  const state: CategoriesState = { sites, topLevel: new Map(), categories: new Map(), domains: new Map() };
  for (const site of sites) {
    let nextItem = firstItemNumber;
    const visit = (
      node: TreeNode,
      path: { id: string; name: string }[],
      profile: Profile,
      hue: number,
    ): { total: number; subtree: string[]; domain: DomainKey } => {
      const here = [...path, { id: node.id, name: node.name }];
      const own = node.profile ?? profile;
      const results = (node.children ?? []).map((child) => ({ child, ...visit(child, here, own, hue) }));
      const leaf = results.length === 0;
      const total = leaf ? node.items! : results.reduce((sum, r) => sum + r.total, 0);
      const subtree = [node.id, ...results.flatMap((r) => r.subtree)];
      const domain = node.domain ?? results[0]!.domain;
      const def: DomainDef = domains[domain];
      const settings = {
        ...baseSettings(own, site),
        listing_allowed: leaf,
        ...(leaf && { catalog_domain: domainId(site.id, domain) }),
        ...node.settings,
      };
      state.categories.set(node.id, {
        resource: {
          id: node.id,
          name: node.name,
          picture: path.length < 2 ? picture(node.name, hue + path.length * 25) : null,
          permalink: path.length < 2 ? `https://www.${site.host}/c/${slug(node.name)}` : null,
          total_items_in_this_category: total,
          path_from_root: here,
          children_categories: results.map((r) => ({ id: r.child.id, name: r.child.name, total_items_in_this_category: r.total })),
          attribute_types: own === 'apparel' ? 'variations' : 'attributes',
          settings,
          meta_categ_id: null,
          attributable: own === 'apparel',
        },
        // Parents carry the attributes every listing below them shares.
        attributes: buildAttributes(
          leaf ? def.attributes : def.attributes.filter((id) => id === 'ITEM_CONDITION' || id === 'BRAND'),
          site.language,
          def.brands,
        ),
        site,
        domainId: leaf ? domainId(site.id, domain) : null,
        subtree,
        packs: buildPacks(node.id, site, own),
        saleFeePoints: def.saleFeePoints ?? 0,
      });
      if (leaf) {
        const id = domainId(site.id, domain);
        state.domains.set(id, {
          id,
          name: def.name[site.language],
          site: site.id,
          categoryId: node.id,
          keywords: def.keywords,
          brands: def.brands.map((name) => ({
            id: brandId(name),
            name,
            words: [titleWords(name).join(''), ...(brands.find(([b]) => b === name)?.[1] ?? [])],
          })),
          hasColor: def.attributes.includes('COLOR'),
        });
        for (const item of listedItems(node, site, strangerSellers, nextItem)) context.items.set(item.id, item);
        nextItem += node.listed ?? 0;
      }
      return { total, subtree, domain };
    };
    const roots = trees[site.id]!;
    roots.forEach((root, index) => visit(root, [], root.profile ?? 'product', index * 55));
    state.topLevel.set(
      site.id,
      roots.map((root) => root.id),
    );
    yield;
  }
  for (const item of context.items.values()) item.attributes = listingAttributes(state, item);
  return state;
}

/** What a listing states: condition new, and the brand its title names when its category has one. */
function listingAttributes(state: CategoriesState, item: Item): ItemAttribute[] {
  const category = state.categories.get(item.category_id);
  if (!category) return [];
  const words = new Set(titleWords(item.title));
  const brand = category.domainId && state.domains.get(category.domainId)?.brands.find((b) => b.words.some((w) => words.has(w)));
  const stated: [string, { id: string; name: string } | undefined][] = [
    ['ITEM_CONDITION', category.attributes.find((a) => a.id === 'ITEM_CONDITION')?.values?.[0]],
    ['BRAND', brand || undefined],
  ];
  return stated.flatMap(([id, value]) => {
    const attribute = category.attributes.find((a) => a.id === id);
    return attribute && value ? [{ id, name: attribute.name, value_id: value.id, value_name: value.name }] : [];
  });
}

/** Required attributes of a category that the item does not state. */
export function missingRequiredAttributes(category: CategoryRecord, item: Item): { id: string; name: string }[] {
  const stated = new Set(item.attributes.map((a) => a.id));
  return category.attributes.filter((a) => a.tags.required === true && !stated.has(a.id)).map(({ id, name }) => ({ id, name }));
}

/**
 * Where the marketplace moves an item when it recategorizes it: another leaf of the item's site whose
 * required attributes the item lacks (so the seller has something to review), preferring leaves under the
 * same top-level category; tree order breaks ties, so the move is predictable.
 */
function recategorizationTarget(state: CategoriesState, item: Item): CategoryRecord | null {
  const root = (category: CategoryRecord) => category.resource.path_from_root[0]?.id;
  const currentRoot = state.categories.get(item.category_id)?.resource.path_from_root[0]?.id;
  const candidates = [...state.categories.values()].filter(
    (category) =>
      category.site.id === item.site_id &&
      category.resource.id !== item.category_id &&
      category.resource.settings.listing_allowed &&
      missingRequiredAttributes(category, item).length > 0,
  );
  return candidates.find((category) => root(category) === currentRoot) ?? candidates[0] ?? null;
}

/** The marketplace moves `item` to another category (spec, "Recategorization"): the move, or null when none fits. */
export function recategorize(state: CategoriesState, item: Item): { from: string; to: string } | null {
  const target = recategorizationTarget(state, item);
  if (!target) return null;
  const from = item.category_id;
  item.category_id = target.resource.id;
  return { from, to: item.category_id };
}
