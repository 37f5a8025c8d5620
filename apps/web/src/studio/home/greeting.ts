interface TGreetingSource {
  nickname: string | undefined;
  email: string | null | undefined;
  /** The shop's name, once the creator has opened one. */
  shopName: string | undefined;
}

/** The part of an address before the `@`, or '' without one. */
function localPart(email: string | null | undefined): string {
  return email?.split('@')[0]?.trim() ?? '';
}

/**
 * The name the studio greets a creator with. Registration fills the nickname with the email's
 * local part, which is not a name anyone chose: a nickname the creator set (or a social sign-in
 * gave) comes first, then the shop's name; the local part only when there is nothing else.
 */
export function greetingName({ nickname, email, shopName }: TGreetingSource): string {
  const chosen = nickname?.trim() ?? '';
  const local = localPart(email);
  if (chosen !== '' && chosen !== local) return chosen;
  const shop = shopName?.trim() ?? '';
  if (shop !== '') return shop;
  return chosen || local;
}
