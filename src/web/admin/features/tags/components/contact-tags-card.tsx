import { X } from 'lucide-react';
import * as React from 'react';
import type { Tag } from '@/shared/tags';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { toastFailure } from '@/web/lib/toast-failure';
import { useAddContactTag } from '../api/add-contact-tag';
import { useTags } from '../api/get-tags';
import { useRemoveContactTag } from '../api/remove-contact-tag';
import { CreateTagDialog } from './create-tag-dialog';
import { TagBadge } from './tag-badge';

function showTagError(error: unknown) {
  toastFailure(error, 'Failed to update tags.');
}

/**
 * 'Tags' (docs/product.md §6.2): the contact's tags as badges in their colours, each removable
 * with its ×; 'No tags assigned' when there are none; an 'Add tag' list of the tags not yet
 * assigned, shown only when some remain; and 'Create tag' (docs/product.md §6.4), which also assigns it.
 */
export function ContactTagsCard({ contactId, tags }: { contactId: number; tags: Tag[] }) {
  const id = React.useId();
  const allTags = useTags();
  const add = useAddContactTag();
  const remove = useRemoveContactTag();
  const assigned = new Set(tags.map((tag) => tag.id));
  const available = allTags.data?.filter((tag) => !assigned.has(tag.id)) ?? [];

  function addTag(tagId: number) {
    add.mutate({ contactId, tagId }, { onError: showTagError });
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          Tags
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tags assigned</p>
        ) : (
          <ul aria-labelledby={`${id}-title`} className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag.id}>
                <TagBadge tag={tag} className="py-1 pr-1">
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag.name}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ contactId, tagId: tag.id }, { onError: showTagError })}
                    className="grid size-5 cursor-pointer place-items-center rounded-full outline-none transition hover:bg-black/20 focus-visible:ring-2 focus-visible:ring-current"
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </TagBadge>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {available.length > 0 ? (
            <Select value="" onValueChange={(value) => addTag(Number(value))} disabled={add.isPending}>
              <SelectTrigger aria-label="Add tag" className="h-8 w-auto min-w-36 text-xs">
                <SelectValue placeholder="Add tag" />
              </SelectTrigger>
              <SelectContent>
                {available.map((tag) => (
                  <SelectItem key={tag.id} value={String(tag.id)}>
                    <span
                      aria-hidden="true"
                      className="inline-block size-2.5 rounded-full"
                      style={{ backgroundColor: tag.color }}
                    />
                    {tag.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : null}
          <CreateTagDialog onCreated={(tag) => addTag(tag.id)} />
        </div>
      </CardContent>
    </Card>
  );
}
