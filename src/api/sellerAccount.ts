/**
 * The header that names the seller account a request is for, when it is not the active one (docs/roles.md, "Across
 * accounts"): the server checks the person's membership and role there and uses that account's token. Undefined
 * (the active account) sends nothing.
 */
export function sellerAccountHeaders(account: string | undefined): Record<string, string> | undefined {
  return account === undefined ? undefined : { 'x-seller-account': account };
}
