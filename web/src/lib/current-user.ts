import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, updateUser } from './auth';

// The signed-in user (GET /v1/user/profile), shared by the shell and every dashboard screen.
// Spec section 9: this query retries once.
export const currentUserQueryKey = ['user'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }) => {
      const user = await fetchCurrentUser(signal);
      updateUser(user);
      return user;
    },
    retry: 1,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
