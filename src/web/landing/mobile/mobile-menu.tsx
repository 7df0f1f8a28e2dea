import { ArrowRight, LogIn } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/web/components/ui/sheet';
import { cn } from '@/web/lib/utils';
import { mobile, pages } from '../content';
import { SECRET_TAP_VIBRATION, vibrate } from '../lib/vibrate';

/** Taps on the hidden area that reveal the admin entry (docs/product.md §14.1). */
export const SECRET_TAP_COUNT = 5;

/** Props of {@link MobileMenu}. */
export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentIndex: number;
  onNavigate: (index: number) => void;
  onGetInTouch: () => void;
  /** Runs when the drawer has closed; the caller decides where focus goes. */
  onClosed: () => void;
}

/**
 * The mobile drawer titled 'Navigation' (docs/product.md §3.3): the pages numbered 01-03, 'Get in Touch'
 * (jumps to page 3) and the hidden admin entry. Loaded on demand by the top bar's menu button.
 */
export function MobileMenu({
  open,
  onOpenChange,
  currentIndex,
  onNavigate,
  onGetInTouch,
  onClosed,
}: MobileMenuProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby="mobile-menu-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <div className="pr-10">
          <SheetTitle>{mobile.menuTitle}</SheetTitle>
          <SheetDescription id="mobile-menu-description">{mobile.menuDescription}</SheetDescription>
        </div>
        <MenuBody currentIndex={currentIndex} onNavigate={onNavigate} onGetInTouch={onGetInTouch} />
      </SheetContent>
    </Sheet>
  );
}

/**
 * The drawer's body. It is mounted while the drawer is open, so the secret tap counter lives
 * and resets with each opening (docs/product.md §3.3 'the tap counter is per mounted menu').
 */
function MenuBody({
  currentIndex,
  onNavigate,
  onGetInTouch,
}: Pick<MobileMenuProps, 'currentIndex' | 'onNavigate' | 'onGetInTouch'>) {
  const [taps, setTaps] = React.useState(0);
  const revealed = taps >= SECRET_TAP_COUNT;

  const onSecretTap = () => {
    if (revealed) return;
    const next = taps + 1;
    setTaps(next);
    if (next === SECRET_TAP_COUNT) vibrate(SECRET_TAP_VIBRATION);
  };

  return (
    <>
      <nav aria-label={mobile.pagesLabel} className="mt-2">
        <ol className="grid gap-2">
          {pages.map((page, index) => (
            <li key={page.id}>
              <button
                type="button"
                aria-current={index === currentIndex ? 'page' : undefined}
                onClick={() => onNavigate(index)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-4 rounded-xl border px-4 py-3.5 text-left transition outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  index === currentIndex
                    ? 'border-brand-cyan/40 bg-brand-cyan/10'
                    : 'border-white/10 bg-white/[0.03] hover:bg-white/[0.06]',
                )}
              >
                <span className="font-mono text-sm text-brand-cyan">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <span className="font-medium">{page.title}</span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <Button variant="gradient" size="lg" className="mt-2" onClick={onGetInTouch}>
        {mobile.getInTouch}
        <ArrowRight aria-hidden="true" />
      </Button>
      <div className="mt-auto grid gap-3">
        {revealed ? (
          <Button asChild variant="outline">
            <a href="/admin/login">
              <LogIn aria-hidden="true" />
              {mobile.adminCta}
            </a>
          </Button>
        ) : null}
        {/* The hidden admin entry: an unlabelled, invisible tap target (docs/product.md §3.3). */}
        <div
          aria-hidden="true"
          data-testid="secret-admin-area"
          onClick={onSecretTap}
          className="h-14 w-full"
        />
      </div>
    </>
  );
}
