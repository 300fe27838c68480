// The webhooks' refusals, apart from their services so the routes can name them without loading
// those (routes/webhooks.ts loads the services on first use).
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
