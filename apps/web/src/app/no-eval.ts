import { parseWithoutEval } from '@corner/domain';

// Before any module makes a zod schema (router.tsx imports this first, and every page loads through
// it): the app's Content-Security-Policy forbids eval, which zod would otherwise probe for.
parseWithoutEval();
