/** A page of the app as `npm run bench` measures it and `npm run styles` renders it. */
export interface AppPage {
  name: string;
  path: string;
  /** Its entry in the main navigation, for pages that have one. */
  nav?: string;
}

/**
 * Every page kind of the app, each at one address. A question's and a credit lead's addresses are the first
 * of their lists, found by `firstLink(listPath, selector)` (the first link in the page's main matching the CSS
 * selector) as a seller finds them.
 */
export async function appPages(firstLink: (listPath: string, selector: string) => Promise<string>): Promise<AppPage[]> {
  return [
    { name: 'home', path: '/', nav: 'Home' },
    { name: 'inbox', path: '/questions', nav: 'Questions' },
    { name: 'question', path: await firstLink('/questions', 'a[href^="/questions/"]:not([href^="/questions/queue"])') },
    { name: 'answer queue', path: '/questions/queue' },
    { name: 'response time', path: '/response-time', nav: 'Response time' },
    { name: 'stock list', path: '/stock', nav: 'Stock' },
    { name: 'stock', path: '/stock/MLAU3000001' },
    { name: 'stock in bulk', path: '/stock/bulk' },
    { name: 'categories', path: '/categories', nav: 'Categories' },
    { name: 'category', path: '/categories/MLA/MLA1055' },
    { name: 'fulfilled listings', path: '/fulfillment', nav: 'Fulfillment' },
    { name: 'inventory', path: '/fulfillment?inventory=INV00001X' },
    { name: 'operations log', path: '/fulfillment/operations' },
    { name: 'credit leads', path: '/credits', nav: 'Credit leads' },
    { name: 'credit lead', path: await firstLink('/credits', 'a[href^="/credits/"]') },
    { name: 'activity', path: '/activity', nav: 'Activity' },
    { name: 'audit', path: '/audit', nav: 'Audit' },
    { name: 'settings', path: '/settings', nav: 'Settings' },
  ];
}
