import { caller, type Route } from '../route';

/** GET /users/me: the seller behind the token (not in the spec; shape of the public API). */
export function usersHandlers(route: Route) {
  return [
    route('get', '/users/me', (context) => {
      const { id, nickname, site_id, country_id } = caller(context);
      return { id, nickname, site_id, country_id };
    }),
  ];
}
