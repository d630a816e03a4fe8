import type { ListingStatus } from '../../api/catalog';
import type { ListingTypeId } from './categories';
import type { Random } from './random';

/**
 * Shared demo entities every area refers to: sellers and their tokens, and items (questions are asked
 * about items, user products group items, fulfillment inventories back items, credit leads finance them).
 */
export interface Seller {
  id: number;
  nickname: string;
  site_id: string;
  country_id: string;
  token: string;
}

export interface ItemAttribute {
  id: string;
  name: string;
  value_id: string | null;
  value_name: string;
}

export interface Item {
  id: string;
  site_id: string;
  title: string;
  subtitle: string | null;
  seller_id: number;
  category_id: string;
  official_store_id: number | null;
  price: number;
  base_price: number;
  original_price: number | null;
  inventory_id: string | null;
  currency_id: string;
  initial_quantity: number;
  available_quantity: number;
  sold_quantity: number;
  sale_terms: { id: string; name: string; value_name: string }[];
  listing_type_id: ListingTypeId;
  /** What the listing states; the categories seed fills it from the category and the title. */
  attributes: ItemAttribute[];
  status: ListingStatus;
  /** The seller's SKU; null when they gave none. */
  seller_custom_field: string | null;
  /** Simulator-only: the user product grouping this item (stock area). */
  user_product_id: string | null;
  /** Simulator-only: vehicle listings expose the asker's contact on questions. */
  vehicle: boolean;
  /**
   * Simulator-only: fields the item resource leaves out of its answers, as real answers sometimes do
   * (POST /__demo/omit-fields). None when unset.
   */
  omitted?: string[];
}

export const demoSeller: Seller = {
  id: 202593498,
  nickname: 'TIENDA_DEMO',
  site_id: 'MLA',
  country_id: 'AR',
  token: 'demo-seller-token',
};

/** A second seller: someone else's inventory (403), a credit seller mismatch (400), no questions (404). */
export const otherSeller: Seller = {
  id: 310000002,
  nickname: 'OTRO_VENDEDOR',
  site_id: 'MLB',
  country_id: 'BR',
  token: 'demo-other-seller-token',
};

/**
 * A marketplace user who sells nothing (a buyer): `/users/me` answers them, and they have no items, questions,
 * stock or credit leads. A teammate signs in with the marketplace as them to accept an invitation (Teams):
 * no seller account of theirs is connected.
 */
export const buyerUser: Seller = {
  id: 410000003,
  nickname: 'COMPRADOR_DEMO',
  site_id: 'MLA',
  country_id: 'AR',
  token: 'demo-buyer-token',
};

/**
 * Leaf categories items are listed in. The category tree of each site must contain these ids as leaves
 * under these parents (categories area).
 */
export const itemCategories = {
  phones: { id: 'MLA1055', name: 'Celulares y Smartphones', parent: { id: 'MLA1051', name: 'Celulares y Teléfonos' } },
  notebooks: { id: 'MLA1652', name: 'Notebooks', parent: { id: 'MLA1648', name: 'Computación' } },
  cars: { id: 'MLA1744', name: 'Autos y Camionetas', parent: { id: 'MLA1743', name: 'Autos, Motos y Otros' } },
  sneakers: { id: 'MLA109027', name: 'Zapatillas', parent: { id: 'MLA1430', name: 'Ropa y Accesorios' } },
} as const;

type ItemSpec = [title: string, category: keyof typeof itemCategories, price: number, fulfillment: boolean];

const itemSpecs: ItemSpec[] = [
  ['Smartphone Moto G84 256 GB Azul', 'phones', 489999, true],
  ['Smartphone Galaxy A55 128 GB Negro', 'phones', 629999, true],
  ['Auriculares inalámbricos con cancelación de ruido', 'phones', 89999, true],
  ['Notebook 15.6" Ryzen 5 16 GB 512 GB SSD', 'notebooks', 1149999, true],
  ['Notebook 14" Core i5 8 GB 256 GB SSD', 'notebooks', 899999, false],
  ['Zapatillas running hombre talle 42', 'sneakers', 119999, true],
  ['Zapatillas urbanas mujer talle 38', 'sneakers', 99999, false],
  ['Toyota Corolla 2.0 XEI CVT 2021', 'cars', 28500000, false],
  ['Volkswagen Amarok V6 Highline 2019', 'cars', 36900000, false],
  ['Fiat Cronos 1.3 Drive 2022', 'cars', 19800000, false],
  ['Cargador rápido USB-C 30 W', 'phones', 24999, true],
  ['Mochila para notebook 15.6" impermeable', 'notebooks', 45999, true],
];

function itemId(index: number): string {
  return `MLA${1400000000 + index}`;
}

export function seedItems(random: Random, sellerId: number): Item[] {
  return itemSpecs.map(([title, category, price, fulfillment], index) => {
    const stock = random.int(0, 60);
    const sold = random.int(0, 400);
    return {
      id: itemId(index + 1),
      site_id: 'MLA',
      title,
      subtitle: null,
      seller_id: sellerId,
      category_id: itemCategories[category].id,
      official_store_id: null,
      price,
      base_price: price,
      original_price: random.chance(0.3) ? Math.round(price * 1.15) : null,
      inventory_id: fulfillment ? `INV${String(index + 1).padStart(5, '0')}X` : null,
      currency_id: 'ARS',
      initial_quantity: stock + sold,
      available_quantity: stock,
      sold_quantity: sold,
      sale_terms: [{ id: 'WARRANTY_TIME', name: 'Tiempo de garantía', value_name: '6 meses' }],
      listing_type_id: index % 4 === 0 ? 'gold_pro' : 'gold_special',
      attributes: [],
      // A paused and a closed listing for the catalog's status filter; every third listing without a SKU.
      status: index === 6 ? 'paused' : index === 9 ? 'closed' : 'active',
      seller_custom_field: index % 3 === 2 ? null : `SKU-${category.toUpperCase()}-${index + 1}`,
      user_product_id: `MLAU${3000000 + index + 1}`,
      vehicle: category === 'cars',
    };
  });
}
