import { Monitor, Smartphone } from 'lucide-react';
import * as React from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/utils';
import { PREVIEW_URL } from './api';

/** The two widths the preview shows (px) and the height of the frame at each. */
const WIDTHS = {
  desktop: { width: 1280, height: 800, label: 'Desktop', icon: Monitor },
  phone: { width: 390, height: 844, label: 'Phone', icon: Smartphone },
} as const;
type Width = keyof typeof WIDTHS;

/**
 * The draft as the landing would show it (decision 069): the server renders the saved draft
 * exactly as a publish would (`GET /api/admin/site/preview`, admin only, never cached) into a
 * frame 1280 or 390 px wide, scaled down to fit the dialog, so the page lays itself out at that
 * width (its phone layout at 390) whatever the admin's own screen. `stamp` changes the address
 * after each save, so the frame reloads.
 */
export function PreviewDialog({
  open,
  onOpenChange,
  stamp,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stamp: number;
}) {
  const [width, setWidth] = React.useState<Width>('desktop');
  // A state, not a ref: the dialog mounts its content after this component's own render.
  const [box, setBox] = React.useState<HTMLDivElement | null>(null);
  const [available, setAvailable] = React.useState(0);
  React.useEffect(() => {
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, [box]);
  const size = WIDTHS[width];
  const scale = available > 0 ? Math.min(1, available / size.width) : 1;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[calc(100%-1rem)] max-w-[calc(100%-1rem)] grid-cols-[minmax(0,1fr)] gap-3 p-3 sm:max-w-[min(1320px,calc(100%-2rem))] sm:p-5">
        <DialogHeader>
          <DialogTitle>Preview of the draft</DialogTitle>
          <DialogDescription>Only you see this: visitors see the published site.</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((key) => {
            const { label, icon: Icon, width: px } = WIDTHS[key];
            return (
              <label
                key={key}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  width === key && 'border-brand-cyan/70 bg-brand-cyan/10',
                )}
              >
                <input
                  type="radio"
                  name="preview-width"
                  value={key}
                  className="sr-only"
                  checked={width === key}
                  onChange={() => setWidth(key)}
                />
                <Icon className="size-4" aria-hidden="true" />
                {`${label} (${px} px)`}
              </label>
            );
          })}
        </fieldset>
        <div ref={setBox} className="w-full min-w-0 overflow-hidden">
          <div
            className="mx-auto overflow-hidden rounded-lg border border-border bg-background"
            style={{ width: size.width * scale, height: size.height * scale }}
          >
            {open ? (
              <iframe
                key={`${width}-${stamp}`}
                title={`Preview of the draft at ${size.width} px`}
                src={`${PREVIEW_URL}?v=${stamp}`}
                // Scripts run (the landing's islands); the frame may not navigate this page,
                // open windows or post forms.
                sandbox="allow-scripts allow-same-origin"
                style={{
                  width: size.width,
                  height: size.height,
                  transform: `scale(${scale})`,
                  transformOrigin: '0 0',
                }}
                className="block border-0"
              />
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
