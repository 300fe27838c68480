// The tokens' refusal the route names, apart from their services so it can do so without loading
// them (routes/tokens.ts loads the services on first use).
export const TOKEN_NOT_FOUND = 'Token not found';
