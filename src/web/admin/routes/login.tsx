import { BrandMark } from '@/web/components/brand-mark';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { getSite } from '@/web/lib/site';
import { LoginForm } from '../features/auth/components/login-form';

/** /admin/login (docs/product.md §4.1): the only admin screen without the admin guard. */
export function LoginRoute() {
  return (
    <main className="relative grid min-h-screen place-items-center overflow-hidden px-4 py-12">
      <div aria-hidden="true" className="bg-aurora pointer-events-none absolute inset-0" />
      <div className="relative w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <BrandMark name={getSite().name} className="text-lg" />
        </div>
        <Card className="border-white/10">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl tracking-tight">
              Admin Login
            </CardTitle>
            <CardDescription>Sign in to manage contacts, clients and campaigns.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
