import type { Token } from './tokens.ts';

/**
 * Words that tell what a number near them is, in the eleven UI languages, as word beginnings (matched against
 * normalised words, so "картки", "Kreditkarte" and "card's" all count). A number that is only plausible by its
 * digits (an account, a phone number without a trunk prefix, a national id without strong check digits) is
 * taken when such a word comes before it and no closer word says it is something else (an order, an invoice).
 */
export const CONTEXT_STEMS = {
  card: words('card visa mastercard amex карт kart tarjet kreditkart cartã cartao carta carte'),
  securityCode: words(
    'cvv cvc cv2 security безпек безопасн bezpiecz segurid sicherheit prüf seguran sicurezz sécurité securite cryptogram güvenlik сигурност тризначн трехзначн трёхзначн',
  ),
  expiry: words(
    'expir exp valid válid thru термін дійсн срок действ ważn caduc venc ablauf gültig scad kullanma валид изтича',
  ),
  nationalId: words(
    'social ssn insurance national identity ідентифікац іпн рнокпп податков идентификац инн pesel dni nie steuer identifikation nif contribuinte fiscal codice nir kimlik егн personal persönlich documento',
  ),
  phone: words(
    'phone mobile cell call reach телефон мобіл мобил telefon komórk móvil movil handy telemóvel celular telefono cellulare téléphone portable cep gsm whatsapp',
  ),
  account: words(
    'account sort routing рахун счет счёт konto konta koncie rachun cuenta conta= contas= conto= conti= compte hesap сметк bankverbindung',
  ),
  birth: words(
    'birth born dob народж рожден urodz nacimiento nací geboren geburt nascimento nasci nato nata naissance né née doğum раждане роден',
  ),
  /** Numbers people read out that are nobody's personal data. */
  reference: words(
    'voucher gutschein bon= bonie bonu bony suivi seguimiento rastreio tracciamento takip отслежив відстеж śledzen delivery livraison entrega lieferung consegna dostaw teslimat доставк sendungsnummer przesyłk пратк ваучер kupon cupom buono tracking order invoice ticket referen ref booking case claim confirm parcel package замовл заказ посилк zamów pedido bestell auftrag sendung encomend ordin command sipari kargo поръч fattur factur rechnung квитанц накладн заявк',
  ),
};
export type ContextKind = keyof typeof CONTEXT_STEMS;

function words(list: string): readonly string[] {
  return list.split(' ');
}

/** Short stems match whole words only ("ref" not "refund", "nie" not "niemand"). */
const WHOLE_WORD_BELOW = 4;

/** A stem ending in = matches that whole word only ("conta=", not "contactar"). */
function matches(word: string, kind: ContextKind): boolean {
  return CONTEXT_STEMS[kind].some((stem) =>
    stem.endsWith('=')
      ? word === stem.slice(0, -1)
      : stem.length < WHOLE_WORD_BELOW
        ? word === stem
        : word.startsWith(stem),
  );
}

/** How many tokens before a number a context word may stand. */
export const CONTEXT_WINDOW = 14;

/**
 * The distance (in tokens) from token `at` back to the nearest word of `kind` within the window, or null.
 */
export function distanceBack(
  tokens: readonly Token[],
  at: number,
  kind: ContextKind,
  window = CONTEXT_WINDOW,
) {
  for (let i = at - 1; i >= Math.max(0, at - window); i--) {
    const token = tokens[i]!;
    if (token.kind === 'word' && matches(token.norm, kind)) return at - i;
  }
  return null;
}

/** A word of `kind` comes before token `at` and no reference word stands closer. */
export function saidAs(
  tokens: readonly Token[],
  at: number,
  kind: ContextKind,
  window = CONTEXT_WINDOW,
): boolean {
  const distance = distanceBack(tokens, at, kind, window);
  if (distance === null) return false;
  const reference = distanceBack(tokens, at, 'reference', window);
  return reference === null || reference > distance;
}
