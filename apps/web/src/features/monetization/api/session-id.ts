// The session id the setup calls carry: a token plus a timestamp made when the page loads (spec 002 §7).

export const newSessionId = (): string => `${crypto.randomUUID()}-${Date.now()}`;
