import * as React from 'react';
import type { CampaignDetails } from '@/shared/campaigns';
import { composeEmailBody } from '@/shared/email-body';
import { campaignPlaceholderError, personalize } from '@/shared/personalize';
import { NativeSelect } from '@/web/components/ui/native-select';
import { useMailSignature } from '../../mail';
import { EmailPreview } from './email-preview';
import { PlaceholderAlert } from './placeholder-alert';

/**
 * The details dialog's 'Email preview' (docs/product.md §8.1): the email as one chosen recipient
 * receives it, the owner's signature included — placeholders filled for that recipient (the first by default, any other from
 * 'Preview as'), with the personalised subject and the address it goes to. Without recipients the
 * template is shown as written. An unknown placeholder (a draft saved before the check) is named
 * above the preview, since it blocks sending.
 */
export function CampaignPreview({
  campaign,
}: {
  campaign: Pick<CampaignDetails, 'id' | 'name' | 'subject' | 'htmlContent' | 'recipients'>;
}) {
  const id = React.useId();
  const people = React.useMemo(
    () =>
      campaign.recipients.flatMap((r) =>
        r.contact ? [{ id: r.id, name: r.contact.name, email: r.contact.email }] : [],
      ),
    [campaign.recipients],
  );
  const [chosenId, setChosenId] = React.useState<number | null>(null);
  const person = people.find((p) => p.id === chosenId) ?? people[0];
  const placeholderError = campaignPlaceholderError(campaign);
  const subject = person ? personalize(campaign.subject, person, false) : campaign.subject;
  const signature = useMailSignature().data?.signature ?? '';
  const html = composeEmailBody(
    {
      format: 'html',
      content: person ? personalize(campaign.htmlContent, person, true) : campaign.htmlContent,
    },
    signature,
  ).html;

  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-medium">
          Email preview
        </h3>
        {people.length > 1 ? (
          <div className="grid w-full gap-1 sm:w-72">
            <label htmlFor={`${id}-recipient`} className="text-xs text-muted-foreground">
              Preview as
            </label>
            <NativeSelect
              id={`${id}-recipient`}
              value={person?.id}
              onChange={(event) => setChosenId(Number(event.target.value))}
            >
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.email})
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </div>
      <PlaceholderAlert message={placeholderError} />
      <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd className="min-w-0 break-words">
          {person
            ? `${person.name} <${person.email}>`
            : 'No recipients yet: placeholders are shown as written.'}
        </dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="min-w-0 break-words">{subject}</dd>
      </dl>
      <EmailPreview
        html={html}
        title={person ? `Preview of ${campaign.name} for ${person.name}` : `Preview of ${campaign.name}`}
      />
    </section>
  );
}
