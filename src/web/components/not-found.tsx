import { Home } from 'lucide-react';
import { buttonVariants } from '@/web/components/ui/button';

/**
 * The page for any unknown path (docs/product.md §2.1 'any other path'): heading '404 Page Not Found' and a
 * link home. Rendered to static HTML for 404.html and reused by the admin SPA's catch-all route.
 */
export function NotFound() {
  return (
    <main className="relative grid min-h-screen place-items-center overflow-hidden px-6">
      <div aria-hidden="true" className="bg-aurora pointer-events-none absolute inset-0" />
      <div className="relative max-w-md text-center">
        <p className="text-gradient text-7xl font-bold tracking-tight sm:text-8xl">404</p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">404 Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
        <a href="/" className={buttonVariants({ variant: 'gradient', size: 'lg', className: 'mt-8' })}>
          <Home aria-hidden="true" />
          Back to home
        </a>
      </div>
    </main>
  );
}
