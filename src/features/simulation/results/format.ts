/** A count or mean as the results show it: thousands separated, `digits` decimals. */
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
