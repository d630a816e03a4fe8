import { fail, type Route } from '../route';

/** GET /items/{id}: the public item resource, without the simulator-only fields. */
export function itemsHandlers(route: Route) {
  return [
    route(
      'get',
      '/items/:id',
      ({ db, params }) => {
        const item = db.items.get(params.id ?? '');
        if (!item) fail(404, 'not_found', `Item with id ${params.id} not found`);
        const { user_product_id: _userProduct, vehicle: _vehicle, ...resource } = item;
        return resource;
      },
      { public: true },
    ),
  ];
}
