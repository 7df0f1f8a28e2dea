import * as React from 'react';
import { requestMobilePage } from '../lib/landing-events';
import { isMobileLayout } from '../lib/motion';
import { scrollToSection } from '../lib/scroll-to-section';

/**
 * Id of the desktop section the page moves to after a successful dialog submission (docs/product.md §3.5).
 */
export const AFTER_CONTACT_SECTION_ID = 'current-projects';
/**
 * The mobile page (0-based) and heading shown after a successful dialog submission (docs/product.md §3.5).
 */
export const AFTER_CONTACT_MOBILE_PAGE = 1;
export const AFTER_CONTACT_MOBILE_FOCUS_ID = 'm-projects';

const loadDialog = () => import('./contact-dialog-content');
const ContactDialogContent = React.lazy(() =>
  loadDialog().then((module) => ({ default: module.ContactDialogContent })),
);

/*
 * The buttons that open the dialog and the dialog itself are separate islands (separate React
 * roots, docs/decisions/045-landing-islands-and-one-brand-mark.md), so they meet in this module
 * rather than through a context: a request made before the host has hydrated waits here.
 */
let openRequested = false;
let hostListener: (() => void) | null = null;
let lastTrigger: HTMLElement | null = null;

/** Opens the contact dialog; focus returns to the element that had it unless the form was sent. */
export function openContactDialog(): void {
  lastTrigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  openRequested = true;
  hostListener?.();
}

/** Starts loading the dialog's code (on hover or focus of a trigger). */
export function preloadContactDialog(): void {
  void loadDialog();
}

/**
 * Holds the landing's one contact dialog (docs/product.md §3.5). Its code loads on the first hover, focus or
 * click of a trigger, keeping the first load small. A successful submission closes the dialog
 * and, once it has gone, moves to the projects: a smooth scroll to `#current-projects` on
 * desktop, the 'Portfolio & Work' page on mobile (docs/product.md §3.5). Any other close returns focus to the
 * trigger. Renders nothing until first opened, on the server too.
 */
export function ContactDialogHost({ siteEmail }: { siteEmail: string }) {
  const [open, setOpen] = React.useState(false);
  const [requested, setRequested] = React.useState(false);
  const moveAfterClose = React.useRef(false);

  React.useEffect(() => {
    const show = () => {
      openRequested = false;
      setRequested(true);
      setOpen(true);
    };
    hostListener = show;
    if (openRequested) show();
    return () => {
      if (hostListener === show) hostListener = null;
    };
  }, []);

  const onClosed = React.useCallback(() => {
    if (!moveAfterClose.current) {
      lastTrigger?.focus();
      return;
    }
    moveAfterClose.current = false;
    if (isMobileLayout()) {
      requestMobilePage({ index: AFTER_CONTACT_MOBILE_PAGE, focusId: AFTER_CONTACT_MOBILE_FOCUS_ID });
    } else {
      scrollToSection(AFTER_CONTACT_SECTION_ID, { focus: true });
    }
  }, []);

  if (!requested) return null;
  return (
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
  );
}

/** The handlers and ARIA attributes a button that opens the contact dialog needs. */
export const contactDialogTriggerProps = {
  onClick: openContactDialog,
  onPointerEnter: preloadContactDialog,
  onFocus: preloadContactDialog,
  'aria-haspopup': 'dialog',
} as const;
