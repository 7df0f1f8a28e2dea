import { z } from 'zod';

/**
 * Largest row id: ids are PostgreSQL `integer` (serial) columns, which end at 2^31 − 1. A larger
 * number names no row and would make the database refuse the query, so schemas refuse it first
 * with a 400.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A row id in a JSON body: an integer from 1 to `MAX_ID`; `label` names it in the messages,
 * `missing` is the message for an absent or non-number value.
 */
export const bodyId = (label: string, missing = `${label} must be a number.`) =>
  z
    .number({ error: missing })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be a positive integer.`)
    .max(MAX_ID, `${label} must be at most ${MAX_ID}.`);

/** A row id as the API answers it. */
export const rowId = z.number().int();

/**
 * A positive integer path parameter up to `MAX_ID` (past it the database refuses the number,
 * docs/product.md §12.1); anything else is a 400 naming the parameter. Only decimal digits name a
 * row: `Number()` would also read `1e3`, `0x10`, ` 12`, `12.0` or `+12` as a number, so one row
 * would have many addresses (and a cache or a log would not see they are the same).
 */
const pathId = (name: string) =>
  // coerce: the URL gives text, the admin's typed client passes a number.
  z.coerce
    .string()
    .regex(/^[0-9]+$/, `${name} must be a number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .positive(`${name} must be a positive integer`)
        .max(MAX_ID, `${name} must be at most ${MAX_ID}`),
    );

/** `/…/:id` */
export const idParams = z.object({ id: pathId('id') });
/** `/…/:taskId` */
export const taskIdParams = z.object({ taskId: pathId('taskId') });
/** `/…/:clientId/…` */
export const clientIdParams = z.object({ clientId: pathId('clientId') });
/** `/contacts/:id/tags/:tagId` */
export const contactTagParams = z.object({ id: pathId('id'), tagId: pathId('tagId') });

/** `/…/versions/:n` (a published content version, decision 067) */
export const versionParams = z.object({ n: pathId('n') });

/** `/webhooks/:id/deliveries/:deliveryId/…` */
export const webhookDeliveryParams = z.object({ id: pathId('id'), deliveryId: pathId('deliveryId') });
