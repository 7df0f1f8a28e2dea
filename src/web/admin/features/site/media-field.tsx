import { Upload } from 'lucide-react';
import * as React from 'react';
import type { SiteMediaUpload } from '@/shared/api/site';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import type { FieldControlProps } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';

/** Where a file for the site goes (multipart, one `file` part; answers a `SiteMediaUpload`). */
export const SITE_MEDIA_URL = '/api/admin/site/media';

/**
 * A media field of the content document (decision 067: a reference, `asset:name` or `/path`): its
 * text, and 'Upload', which posts the chosen file to {@link SITE_MEDIA_URL} and puts the answered
 * `url` into the field; `onUploaded` gets the whole answer (a video's poster). A refused upload
 * shows the server's sentence as a toast and leaves the field as it was.
 */
export function MediaField({
  control,
  label,
  error,
  value,
  onChange,
  onUploaded,
}: {
  control: FieldControlProps;
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onUploaded?: (answer: SiteMediaUpload) => void;
}) {
  const file = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);

  const upload = async (chosen: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', chosen);
      // apiRequest sends JSON; a file goes as multipart, so the browser sets the boundary.
      const res = await fetch(SITE_MEDIA_URL, { method: 'POST', body, credentials: 'include' });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      const answer = (await res.json()) as SiteMediaUpload;
      onChange(answer.url);
      onUploaded?.(answer);
      toast({
        title: 'File uploaded',
        description: answer.poster
          ? `${chosen.name} is in the draft, its first frame as the poster.`
          : answer.kind === 'video'
            ? `${chosen.name} is in the draft: upload a poster image for it too.`
            : `${chosen.name} is in the draft.`,
      });
    } catch (err) {
      toastFailure(err, 'The upload failed.');
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={control.id}>{label}</Label>
      <div className="flex min-w-0 flex-wrap gap-2">
        <Input
          {...control}
          className="min-w-0 flex-1 basis-48 font-mono text-xs"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          ref={file}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept="image/*,video/mp4,video/webm"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void upload(chosen);
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-10"
          disabled={uploading}
          aria-label={`Upload ${label}`}
          onClick={() => file.current?.click()}
        >
          <Upload aria-hidden="true" />
          {uploading ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
      <FieldError id={`${control.id}-error`}>{error}</FieldError>
    </div>
  );
}
