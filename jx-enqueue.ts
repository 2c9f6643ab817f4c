import { database } from "./server/db/client.ts";
import { enqueueMail } from "./server/mail/index.ts";
import { testOrder } from "./server/mail/test-order.ts";
const db = await database();
console.log("queued:", await enqueueMail({ dedupeKey: "manual-1", template: "order-received", locale: "ru", to: "ivan@example.com", vars: { order: testOrder({ paymentMethod: "CASH_IN_STORE" }) } }));
await db.close();
