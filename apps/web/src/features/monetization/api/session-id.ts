// The session id the setup calls carry: a token plus a timestamp made when the page loads.

export const newSessionId = (): string => `${crypto.randomUUID()}-${Date.now()}`;
