import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * The 'Site' screen's calls (decisions 067, 069): the draft and live document, the versions,
 * publishing and restoring. Publishing and restoring refresh both queries.
 */

export const SITE_KEY = [urlOf('getSiteContent')];
export const VERSIONS_KEY = [urlOf('listSiteVersions')];
/** The preview frame's address (the draft, rendered by the server as the landing). */
export const PREVIEW_URL = urlOf('previewSiteDraft');

export const useSiteState = () =>
  useQuery({
    queryKey: SITE_KEY,
    queryFn: () => callApi('getSiteContent'),
    // Fetched afresh each time the screen opens (gcTime 0), never while it is open: the editor
    // owns the draft once loaded, and a background refetch would not replace what is typed.
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSiteVersions = () =>
  useQuery({ queryKey: VERSIONS_KEY, queryFn: () => callApi('listSiteVersions') });

export function usePublishSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('publishSite'),
    onSettled: () => client.invalidateQueries({ queryKey: VERSIONS_KEY }),
  });
}

export function useRestoreVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => callApi('restoreSiteVersion', { params: { n } }),
    onSettled: () => client.invalidateQueries({ queryKey: VERSIONS_KEY }),
  });
}
