import { QueryClient } from '@tanstack/react-query';

// Spec section 9: stale 5 minutes, garbage collection 30 minutes, no refetch on focus or mount.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 30 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
      },
    },
  });

export const queryClient = createQueryClient();
