import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, Eye, Loader2, Rocket } from 'lucide-react';
import * as React from 'react';
import type { SiteState } from '@/shared/api/site';
import { contentIssues, type SiteContent, siteContentSchema } from '@/shared/site-content';
import { sameJson, summarizeChanges } from '@/shared/site-content-changes';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorStatus } from '@/web/lib/api';
import { callApi } from '@/web/lib/api-client';
import { toastFailure } from '@/web/lib/toast-failure';
import { cn } from '@/web/lib/utils';
import { usePublishSite, useRestoreVersion, VERSIONS_KEY } from './api';
import { ChangeContext, ErrorsContext } from './editor-context';
import { ObjectFields } from './fields';
import { fieldLabel, TABS } from './labels';
import { LeaveGuard } from './leave-guard';
import { PreviewDialog } from './preview-dialog';
import { ScheduleControl } from './schedule-control';
import { fieldNode, setIn } from './schema-walk';
import { SortableList } from './sortable-list';
import { type SaveStatus, useAutosave } from './use-autosave';
import { VersionsCard } from './versions-card';

const shape = siteContentSchema.shape;

/** The problems of `doc` by dotted path (the first message of each), as the server would name them. */
function problemsOf(doc: SiteContent): Map<string, string> {
  const parsed = siteContentSchema.safeParse(doc);
  const map = new Map<string, string>();
  if (!parsed.success)
    for (const { path, message } of contentIssues(parsed.error)) if (!map.has(path)) map.set(path, message);
  return map;
}

/**
 * The 'Site' editor (decision 069): every part of the content document in tabs, checked by the
 * shared schema as it is typed, saved as the draft a second after the last change, previewed at
 * both widths, published after a confirmation that says what changed, and any published version
 * brought back as the draft.
 */
export function SiteEditor({ initial }: { initial: SiteState }) {
  const [doc, setDoc] = React.useState<SiteContent>(initial.draft);
  const [live, setLive] = React.useState({ document: initial.published, version: initial.version });
  const [unpublished, setUnpublished] = React.useState(initial.unpublishedChanges);
  const [publishAt, setPublishAt] = React.useState(initial.publishAt);
  const queryClient = useQueryClient();
  const docRef = React.useRef(doc);
  docRef.current = doc;
  const [tab, setTab] = React.useState(TABS[0]!.id);
  const [previewOpen, setPreviewOpen] = React.useState(false);
  const [previewStamp, setPreviewStamp] = React.useState(0);
  const [confirmPublish, setConfirmPublish] = React.useState(false);
  const publish = usePublishSite();
  const restore = useRestoreVersion();

  const clientProblems = React.useMemo(() => problemsOf(doc), [doc]);
  const valid = clientProblems.size === 0;
  const autosave = useAutosave(doc, valid, (answer) => setUnpublished(answer.unpublishedChanges));
  const { markSaved, flush } = autosave;
  React.useEffect(() => markSaved(initial.draft), [markSaved, initial.draft]);

  // One map object while the problems stay the same, so the fields are not all drawn again.
  const problemsKey = JSON.stringify([...clientProblems, ...autosave.serverErrors]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for both maps' contents.
  const errors = React.useMemo(
    () => new Map([...autosave.serverErrors, ...clientProblems]) as ReadonlyMap<string, string>,
    [problemsKey],
  );
  // dnd-kit measures the lifted item while it scrolls it into view: the page's smooth scrolling
  // (globals.css) moved the page under that measurement, and a keyboard lift landed on the wrong item.
  React.useEffect(() => {
    const html = document.documentElement;
    const before = html.style.scrollBehavior;
    html.style.scrollBehavior = 'auto';
    return () => {
      html.style.scrollBehavior = before;
    };
  }, []);
  const onChange = React.useCallback(
    (path: string, value: unknown) => setDoc((d) => setIn(d, path, value)),
    [],
  );

  const openPreview = async () => {
    if (!(await flush())) {
      toast({ variant: 'destructive', title: 'Not saved', description: 'Fix the marked fields first.' });
      return;
    }
    setPreviewStamp(Date.now());
    setPreviewOpen(true);
  };
  const askPublish = async () => {
    if (!(await flush())) {
      toast({ variant: 'destructive', title: 'Not saved', description: 'Fix the marked fields first.' });
      return;
    }
    if (summarizeChanges(live.document, doc) === 'No changes') {
      toast({ title: 'Nothing to publish', description: 'The draft is the live site already.' });
      return;
    }
    setConfirmPublish(true);
  };
  const doPublish = () => {
    const published = doc;
    publish.mutate(undefined, {
      onSuccess: ({ version }) => {
        setLive({ document: published, version });
        setUnpublished(false);
        toast({ title: 'Site published', description: `Version ${version} is live.` });
      },
      onError: (error) =>
        getApiErrorStatus(error) === 409
          ? toast({ title: 'Nothing to publish', description: 'The draft is the live site already.' })
          : toastFailure(error, 'Publishing failed.'),
    });
  };
  const doRestore = async (version: number) => {
    // A save already under way must land before the restore, or it would overwrite it.
    await flush();
    restore.mutate(version, {
      onSuccess: async () => {
        try {
          const state = await callApi('getSiteContent');
          markSaved(state.draft);
          setDoc(state.draft);
          setLive({ document: state.published, version: state.version });
          setUnpublished(state.unpublishedChanges);
          setPublishAt(state.publishAt);
          toast({
            title: `Version ${version} restored`,
            description: 'It is the draft now: publish to make it live.',
          });
        } catch (error) {
          toastFailure(error, 'Failed to load the restored draft.');
        }
      },
      onError: (error) => toastFailure(error, 'Restoring failed.'),
    });
  };

  const onScheduledPublish = (state: SiteState) => {
    setPublishAt(state.publishAt);
    if (state.version === live.version) return;
    setLive({ document: state.published, version: state.version });
    setUnpublished(!sameJson(docRef.current, state.published));
    void queryClient.invalidateQueries({ queryKey: VERSIONS_KEY });
    toast({ title: 'Site published', description: `Version ${state.version} is live (scheduled).` });
  };

  const summary = confirmPublish ? summarizeChanges(live.document, doc) : '';
  return (
    <ChangeContext.Provider value={onChange}>
      <ErrorsContext.Provider value={errors}>
        <LeaveGuard dirty={autosave.status !== 'saved'} />
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <SaveIndicator status={autosave.status} problems={errors.size} onRetry={() => void flush()} />
          <div className="ml-auto flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void openPreview()}>
              <Eye aria-hidden="true" />
              Preview
            </Button>
            <Button
              onClick={() => void askPublish()}
              disabled={publish.isPending || (!unpublished && autosave.status === 'saved')}
              title={
                unpublished || autosave.status !== 'saved'
                  ? undefined
                  : 'The draft is the live site: nothing to publish.'
              }
            >
              <Rocket aria-hidden="true" />
              {publish.isPending ? 'Publishing…' : 'Publish'}
            </Button>
          </div>
        </div>
        <p className="mt-2 text-sm text-muted-foreground" data-testid="live-version">
          {`Live: version ${live.version}. ${unpublished ? 'The draft has changes that are not published.' : 'The draft is the live site.'}`}
        </p>
        <div className="mt-4">
          <ScheduleControl
            publishAt={publishAt}
            onChange={setPublishAt}
            beforeSchedule={flush}
            onPublished={onScheduledPublish}
          />
        </div>
        <Tabs value={tab} onValueChange={setTab} className="mt-6">
          <TabsList aria-label="Parts of the site" className="h-auto w-full flex-wrap justify-start">
            {TABS.map((t) => (
              <TabsTrigger key={t.id} value={t.id}>
                {t.label}
                <TabProblems keys={t.keys} />
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.id} value={t.id} className="grid gap-8">
              {t.id === 'projects' && !initial.media.posterFromVideo ? (
                <p
                  className="rounded-xl border border-amber-400/40 bg-amber-500/10 px-4 py-3 text-sm"
                  role="note"
                >
                  This server cannot take a poster from a video (ffmpeg is not installed): upload a poster
                  image with each project video.
                </p>
              ) : null}
              {t.keys.map((key) => (
                <Part key={key} name={key} value={doc[key]} />
              ))}
            </TabsContent>
          ))}
        </Tabs>
        <VersionsCard live={live.version} onRestore={(version) => void doRestore(version)} />
        <PreviewDialog open={previewOpen} onOpenChange={setPreviewOpen} stamp={previewStamp} />
        <AlertDialog open={confirmPublish} onOpenChange={setConfirmPublish}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Publish the draft?</AlertDialogTitle>
              <AlertDialogDescription>
                {`Visitors will see it within seconds, as version ${live.version + 1}. What changed: ${summary}.`}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={doPublish}>Publish</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </ErrorsContext.Provider>
    </ChangeContext.Provider>
  );
}

/** One part of the document (a top-level key) with its heading. */
const Part = React.memo(function Part({ name, value }: { name: keyof SiteContent; value: unknown }) {
  const node = fieldNode(shape[name], name);
  if (node.kind === 'array')
    return (
      <SortableList
        path={name}
        name={name}
        element={node.element}
        min={node.min}
        max={node.max}
        values={value as unknown[]}
        heading="h2"
      />
    );
  const id = `part-${name}`;
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {fieldLabel(name)}
      </h2>
      {node.kind === 'object' ? (
        <ObjectFields path={name} shape={node.shape} value={value as Record<string, unknown>} />
      ) : null}
      {node.kind === 'tuple' ? (
        <ObjectFieldsTuple name={name} items={node.items} value={value as Record<string, unknown>[]} />
      ) : null}
    </section>
  );
});

/** A fixed list of groups (the phone pages): one group of fields per place. */
function ObjectFieldsTuple({
  name,
  items,
  value,
}: {
  name: string;
  items: import('zod').ZodType[];
  value: Record<string, unknown>[];
}) {
  return (
    <div className="grid gap-4">
      {items.map((item, index) => {
        const node = fieldNode(item, name);
        if (node.kind !== 'object') return null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tuple's places are fixed.
          <fieldset key={index} className="grid gap-4 rounded-xl border border-border/70 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold">{`Page ${index + 1}`}</legend>
            <ObjectFields path={`${name}.${index}`} shape={node.shape} value={value[index] ?? {}} />
          </fieldset>
        );
      })}
    </div>
  );
}

function TabProblems({ keys }: { keys: string[] }) {
  const errors = React.useContext(ErrorsContext);
  let count = 0;
  for (const path of errors.keys()) if (keys.some((k) => path === k || path.startsWith(`${k}.`))) count += 1;
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-red-500/20 px-1.5 text-xs text-red-200">
      {count}
      <span className="sr-only">{count === 1 ? ' problem' : ' problems'}</span>
    </span>
  );
}

/** 'Saved' / 'Saving…' / 'Unsaved changes', read out when it changes. */
function SaveIndicator({
  status,
  problems,
  onRetry,
}: {
  status: SaveStatus;
  problems: number;
  onRetry: () => void;
}) {
  const text = {
    saved: 'Saved',
    saving: 'Saving…',
    unsaved: 'Unsaved changes',
    invalid: `Unsaved changes: fix ${problems === 1 ? '1 problem' : `${problems} problems`} to save`,
    failed: 'Not saved',
  }[status];
  const Icon = status === 'saved' ? Check : status === 'saving' ? Loader2 : AlertTriangle;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <p
        role="status"
        data-testid="save-status"
        className={cn(
          'flex items-center gap-1.5',
          status === 'saved' && 'text-emerald-300',
          (status === 'invalid' || status === 'failed') && 'text-red-300',
          (status === 'unsaved' || status === 'saving') && 'text-muted-foreground',
        )}
      >
        <Icon className={cn('size-4', status === 'saving' && 'animate-spin')} aria-hidden="true" />
        {text}
      </p>
      {status === 'failed' ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
