/** Making a number formatter costs far more than formatting (a 200-row report made thousands): each is made once. */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number formatter for the UI language; an unknown language falls back to English, an unknown currency code
 * to plain English digits.
 */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, options);
    } catch {
      try {
        format = new Intl.NumberFormat('en', options);
      } catch {
        const { style: _style, currency: _currency, ...rest } = options;
        format = new Intl.NumberFormat('en', rest);
      }
    }
    formats.set(key, format);
  }
  return format;
}
