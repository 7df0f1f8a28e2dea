import { z } from 'zod';
import { contactTagParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import { tagCreateSchema, tagSchema } from '../tags.ts';
import { endpoint } from './endpoint.ts';
import { tagRoutes as routes } from './tags-routes.ts';

/** The tag endpoints (docs/product.md §6.4, including creation); admin session required. */
export const tagEndpoints = {
  listTags: endpoint(routes.listTags, {
    summary: 'Every tag',
    response: { 200: z.array(tagSchema) },
  }),
  createTag: endpoint(routes.createTag, {
    summary: 'Create a tag',
    body: tagCreateSchema,
    response: { 201: tagSchema, ...errors({ 409: 'A tag with this name exists.' }) },
  }),
  tagContact: endpoint(routes.tagContact, {
    summary: 'Tag a contact',
    params: contactTagParams,
    response: { 204: noContent, ...errors({ 404: 'No such contact or tag.' }) },
  }),
  untagContact: endpoint(routes.untagContact, {
    summary: 'Remove a tag from a contact',
    params: contactTagParams,
    response: { 204: noContent, ...errors({ 404: 'No such contact or tag.' }) },
  }),
};
