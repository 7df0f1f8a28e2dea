import { z } from 'zod';
import { clientSchema } from '../clients.ts';
import { contactBulkResultSchema, contactBulkSchema } from '../contact-bulk.ts';
import { importQuerySchema, importResultSchema } from '../contact-import.ts';
import {
  contactCountSchema,
  contactCreatedResponseSchema,
  contactCreateSchema,
  contactDetailSchema,
  contactExistsSchema,
  contactListQuerySchema,
  contactMergeSchema,
  contactMessageSchema,
  contactPageQuerySchema,
  contactRetentionSchema,
  contactSchema,
  contactStatusUpdateSchema,
  contactUpdateSchema,
  sendEmailSchema,
} from '../contacts.ts';
import { idParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import { contactRoutes as routes } from './contacts-routes.ts';
import { endpoint } from './endpoint.ts';

const noContact = errors({ 404: 'No such contact.' });

/**
 * One page of the contact list. The list documents its answer together with its paging headers,
 * so this schema sits in the 200's `content` rather than being the 200 itself.
 */
export const contactPageSchema = z.array(contactSchema);

/**
 * The contact endpoints (docs/product.md §12.3) and the CSV import; admin session required. The
 * list answers one page of at most 200 (also without `limit`); `X-Next-Cursor` carries the cursor
 * of the next one, and `X-Total-Count`, on the first page unless `count=false`, the number of
 * matches (the screen asks `count` instead, decision 026).
 */
export const contactEndpoints = {
  listContacts: endpoint(routes.listContacts, {
    summary: 'Search and list contacts (newest activity first)',
    description:
      'One page of at most 200 (the size without `limit`): the `X-Next-Cursor` header carries the ' +
      '`cursor` of the next one. On the first page `X-Total-Count` is the number of matches over all ' +
      'pages, unless `count=false` (then GET /api/admin/contacts/count gives it).',
    querystring: contactPageQuerySchema,
    response: {
      200: {
        description: 'The contacts (one page with `limit`); headers `X-Total-Count` and `X-Next-Cursor`.',
        content: { 'application/json': { schema: contactPageSchema } },
      },
    },
  }),
  addContact: endpoint(routes.addContact, {
    summary: 'Add a contact by hand (Add Contact)',
    description:
      "Origin 'manual', no original message. One contact per address: an address that has a contact " +
      "(any letter case) is refused with 409 and that contact's id.",
    body: contactCreateSchema,
    response: {
      201: contactCreatedResponseSchema,
      409: contactExistsSchema,
      ...errors({ 400: 'Invalid input (details name the fields).' }),
    },
  }),
  bulkUpdateContacts: endpoint(routes.bulkUpdateContacts, {
    summary: 'Set status, add or remove a tag, or delete (erase) many contacts at once',
    description:
      'The selection is the ticked `ids` (at most 10,000) or the list `filter` with `exceptIds` ' +
      "('Select all N matching', any number of contacts). The change runs in the database; delete " +
      'erases as DELETE /api/admin/contacts/{id} does, in keyset batches.',
    body: contactBulkSchema,
    response: {
      200: contactBulkResultSchema,
      ...errors({ 400: 'Invalid input (details name the fields).', 404: 'No such tag.' }),
    },
  }),
  getContactRetention: endpoint(routes.getContactRetention, {
    summary: 'Retention: RETENTION_MONTHS and how many contacts it erases in the next 30 days',
    response: { 200: contactRetentionSchema },
  }),
  countContacts: endpoint(routes.countContacts, {
    summary: 'How many contacts match a search (the list asks once per search)',
    querystring: contactListQuerySchema,
    response: { 200: contactCountSchema },
  }),
  /** A file, not JSON: the admin links to its URL and the browser downloads it. */
  exportContactsCsv: endpoint(routes.exportContactsCsv, {
    summary: 'Export the (filtered) contacts as CSV',
    querystring: contactListQuerySchema,
    response: {
      200: {
        description: 'RFC 4180 CSV for spreadsheets, as an attachment (decision 020).',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  }),
  getContact: endpoint(routes.getContact, {
    summary: 'A contact with its tags and tasks',
    params: idParams,
    response: { 200: contactDetailSchema, ...noContact },
  }),
  listContactMessages: endpoint(routes.listContactMessages, {
    summary: "A contact's email conversation",
    params: idParams,
    response: { 200: z.array(contactMessageSchema), ...noContact },
  }),
  listContactDuplicates: endpoint(routes.listContactDuplicates, {
    summary: 'Other contacts with the same email address',
    params: idParams,
    response: { 200: z.array(contactSchema), ...noContact },
  }),
  mergeContacts: endpoint(routes.mergeContacts, {
    summary: 'Merge a duplicate into this contact',
    params: idParams,
    body: contactMergeSchema,
    response: {
      200: contactSchema,
      ...errors({
        400: 'Invalid input, or a contact merged into itself.',
        404: 'No such contact (either one).',
        409: 'The two contacts have different email addresses (and `anyAddress` is not true).',
      }),
    },
  }),
  sendContactEmail: endpoint(routes.sendContactEmail, {
    summary: 'Send an email to the contact',
    params: idParams,
    body: sendEmailSchema,
    response: {
      201: contactMessageSchema,
      ...errors({
        404: 'No such contact.',
        429: 'The daily sending limit is reached.',
        502: 'The mail provider failed to take the message (it is not recorded as sent).',
      }),
    },
  }),
  convertContactToClient: endpoint(routes.convertContactToClient, {
    summary: 'Make the contact a client',
    params: idParams,
    response: {
      201: clientSchema,
      ...errors({ 404: 'No such contact.', 409: 'This contact is already a client.' }),
    },
  }),
  updateContactStatus: endpoint(routes.updateContactStatus, {
    summary: "Set the contact's status",
    params: idParams,
    body: contactStatusUpdateSchema,
    response: { 200: contactSchema, ...noContact },
  }),
  markContactNotSpam: endpoint(routes.markContactNotSpam, {
    summary: 'Release a contact held as spam',
    description:
      'Moves it to `new`, back into the list, the counts and audiences, and sends the new-lead ' +
      'notification that quarantine held back.',
    params: idParams,
    response: {
      200: contactSchema,
      ...errors({ 404: 'No such contact.', 409: 'The contact is not held as spam.' }),
    },
  }),
  moveContactToSpam: endpoint(routes.moveContactToSpam, {
    summary: 'Move a contact to spam',
    description:
      "The owner's 'Move to spam' (decision 057), e.g. for a lead marked 'Possible spam': status " +
      '`spam` with the reason `owner` added to its signals; out of the list, the counts and every ' +
      'audience, and erased 30 days later unless released with not-spam. A later form submission ' +
      'from the address does not release it. A converted contact (a client) cannot be moved.',
    params: idParams,
    response: {
      200: contactSchema,
      ...errors({
        404: 'No such contact.',
        409: 'The contact is already in Spam, or it is converted (a client).',
      }),
    },
  }),
  updateContact: endpoint(routes.updateContact, {
    summary: "Change the contact's fields (name, email, phone, company, notes) or status",
    description:
      'Keys left out are left alone; a blank optional field clears it. Each field is checked as ' +
      'Add Contact checks it. A new address that another contact has (any letter case) is refused ' +
      "with 409 and that contact's `id` (offer to open or merge it).",
    params: idParams,
    body: contactUpdateSchema,
    response: {
      200: contactSchema,
      409: contactExistsSchema,
      ...noContact,
    },
  }),
  /** A file for the person (GDPR Art. 15 and 20): the admin links to it, the browser downloads it. */
  exportContactData: endpoint(routes.exportContactData, {
    summary: 'Everything held about the person, as one JSON file (GDPR Art. 15 and 20)',
    description:
      'The contact (every column: fields, origin and import, first-touch source, spam reasons, consent, ' +
      'notes), its messages, unmatched mail, tasks, tags, campaign history, the client record made ' +
      'from it and its unsubscribe, as an attachment.',
    params: idParams,
    response: {
      200: {
        description:
          "A JSON document (`format`: agency-crm.contact-export.v2, every column of the person's rows), as an attachment.",
        content: {
          'application/json': { schema: z.looseObject({ format: z.string(), exportedAt: z.string() }) },
        },
      },
      ...noContact,
    },
  }),
  deleteContact: endpoint(routes.deleteContact, {
    summary: 'Erase the contact (GDPR Art. 17)',
    description:
      'Not a soft delete: in one transaction the contact, its messages, tasks, tags and notes go, its ' +
      'campaign recipient rows keep only their status, its address on the unsubscribe list becomes a ' +
      'keyed hash, mail about it that is still queued is cancelled; outbox files naming it are deleted. ' +
      'A converted client keeps its own record. See docs/personal-data.md.',
    params: idParams,
    response: { 204: noContent, ...noContact },
  }),
  /**
   * Multipart, not JSON, so no `body` is declared: the route reads the parts as a stream (fields
   * `mapping` and `consent`, then `file`), and the admin sends them with XMLHttpRequest for its
   * upload progress.
   */
  importContacts: endpoint(routes.importContacts, {
    summary: 'Import contacts from a CSV file (dry run or for real)',
    description:
      'Multipart: optional `mapping` (JSON object, column header → name, firstName, lastName, email, ' +
      'phone, company, notes, status, tags or ignore; unmapped headers are guessed) and `consent` ' +
      "('true' records that the people agreed to receive email), then `file`. UTF-8 with or without BOM, " +
      'comma or semicolon, RFC 4180 quoting. `dryRun=true` changes nothing and answers the same counts. ' +
      'A row whose address (any case) has a contact merges: empty fields filled, tags added, nothing ' +
      'overwritten. Imported people without consent are never campaign recipients.',
    consumes: ['multipart/form-data'],
    querystring: importQuerySchema,
    response: {
      200: importResultSchema,
      ...errors({
        400: 'Not CSV, empty, not text, no column of addresses, a bad `mapping`, a compressed or cut-off body.',
        408: 'The upload sent no data for 30 s; nothing was imported.',
        413: 'The file is larger than 100 MB.',
        415: 'Not a multipart/form-data request.',
        500: 'The import stopped after some batches; `details.lastRow` says up to which row it imported.',
        503: 'The database went away during the import; `details.lastRow` says up to which row it imported.',
      }),
    },
  }),
};
