import { Badge } from '@/web/components/ui/badge';

const statusVariants = {
  new: 'blue',
  contacted: 'yellow',
  qualified: 'green',
  converted: 'purple',
  // Held as spam (decision 037): the one status that asks for a decision.
  spam: 'destructive',
} as const;

/**
 * A contact's status as a coloured badge (docs/product.md §6.1: new blue, contacted yellow, qualified green,
 * converted purple, other grey).
 */
// Lost is an 'other' status: grey (docs/product.md §6.1; decision 063).
export function ContactStatusBadge({ status }: { status: string }) {
  const variant = status in statusVariants ? statusVariants[status as keyof typeof statusVariants] : 'grey';
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}
