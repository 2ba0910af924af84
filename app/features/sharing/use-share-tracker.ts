import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { browserApi } from '../../api/browser-api';
import { readReferrer, REFERRER_PARAM, type ShareResource } from './referrer';
import { writeRequest } from '../../../contract/endpoints';

/**
 * spec §7: a page opened with ?referrer= fires POST /api/v2/trackers/share once. The parameter is
 * then dropped from the address, so a reload or a copy of the link does not count again.
 */
export function useShareTracker(resource: ShareResource | null) {
  const { search } = useLocation();
  const referrer = readReferrer(search);
  const type = resource?.type;
  const id = resource?.id;
  useEffect(() => {
    if (!referrer || !type || !id) return;
    const key = `share:${type}:${id}:${referrer}`;
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, '1');
    void browserApi().post(writeRequest('shareTracker').path, {
      resourceId: id,
      resourceType: type,
      referrerCode: referrer,
    });
    const url = new URL(window.location.href);
    url.searchParams.delete(REFERRER_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [referrer, type, id]);
}
