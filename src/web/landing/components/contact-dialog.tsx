import * as React from 'react';
import { requestMobilePage } from '../lib/landing-events';
import { isMobileLayout } from '../lib/motion';
import { scrollToSection } from '../lib/scroll-to-section';

/** Id of the desktop section the page moves to after a successful dialog submission (spec §4). */
export const AFTER_CONTACT_SECTION_ID = 'current-projects';
/** The mobile page (0-based) and heading shown after a successful dialog submission (spec §4). */
export const AFTER_CONTACT_MOBILE_PAGE = 1;
export const AFTER_CONTACT_MOBILE_FOCUS_ID = 'm-projects';

const loadDialog = () => import('./contact-dialog-content');
const ContactDialogContent = React.lazy(() =>
  loadDialog().then((module) => ({ default: module.ContactDialogContent })),
);

interface ContactDialogApi {
  /** Opens the dialog; focus returns to the element that had it unless the form was sent. */
  open: () => void;
  /** Starts loading the dialog's code (on hover or focus of a trigger). */
  preload: () => void;
}

const ContactDialogContext = React.createContext<ContactDialogApi | null>(null);

/** The contact dialog's controls, for the buttons that open it ('Start a project', 'Start Building'). */
export function useContactDialog(): ContactDialogApi {
  const api = React.useContext(ContactDialogContext);
  if (!api) throw new Error('useContactDialog must be used inside <ContactDialogProvider>.');
  return api;
}

/**
 * Holds the landing's one contact dialog (spec §2). Its code loads on the first hover, focus or
 * click of a trigger, keeping the first load small. A successful submission closes the dialog
 * and, once it has gone, moves to the projects: a smooth scroll to `#current-projects` on
 * desktop, the 'Portfolio & Work' page on mobile (spec §4). Any other close returns focus to the
 * trigger.
 */
export function ContactDialogProvider({
  siteEmail,
  children,
}: {
  siteEmail: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  const [requested, setRequested] = React.useState(false);
  const trigger = React.useRef<HTMLElement | null>(null);
  const moveAfterClose = React.useRef(false);

  const api = React.useMemo<ContactDialogApi>(
    () => ({
      open: () => {
        trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setRequested(true);
        setOpen(true);
      },
      preload: () => void loadDialog(),
    }),
    [],
  );

  const onClosed = React.useCallback(() => {
    if (!moveAfterClose.current) {
      trigger.current?.focus();
      return;
    }
    moveAfterClose.current = false;
    if (isMobileLayout()) {
      requestMobilePage({ index: AFTER_CONTACT_MOBILE_PAGE, focusId: AFTER_CONTACT_MOBILE_FOCUS_ID });
    } else {
      scrollToSection(AFTER_CONTACT_SECTION_ID, { focus: true });
    }
  }, []);

  return (
    <ContactDialogContext.Provider value={api}>
      {children}
      {requested ? (
        <React.Suspense fallback={null}>
          <ContactDialogContent
            open={open}
            onOpenChange={setOpen}
            siteEmail={siteEmail}
            onSuccess={() => {
              moveAfterClose.current = true;
              setOpen(false);
            }}
            onClosed={onClosed}
          />
        </React.Suspense>
      ) : null}
    </ContactDialogContext.Provider>
  );
}

/**
 * A button that opens the contact dialog. The context value never changes, so the layouts'
 * Suspense boundaries (see landing-page.tsx) never receive an update while dehydrated.
 */
export function ContactDialogButton({
  render,
}: {
  /** Renders the button with the handlers and ARIA attributes it needs. */
  render: (props: {
    onClick: () => void;
    onPointerEnter: () => void;
    onFocus: () => void;
    'aria-haspopup': 'dialog';
  }) => React.ReactNode;
}) {
  const dialog = useContactDialog();
  return render({
    onClick: dialog.open,
    onPointerEnter: dialog.preload,
    onFocus: dialog.preload,
    'aria-haspopup': 'dialog',
  });
}
