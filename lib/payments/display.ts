/** `AbCd…WxYz`: enough of an address or signature to recognise it. */
export const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
