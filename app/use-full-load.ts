import { useRootData } from './root-data';
import { needsFullLoad } from './route-sets';

/** For links: whether `path` leaves the first load's route set (then it is a full page load). */
export function useFullLoad(): (path: string) => boolean {
  const firstLoad = useRootData()?.firstLoad;
  return (path) =>
    firstLoad
      ? needsFullLoad(
          firstLoad.routeSet,
          path.split('#')[0]!,
          firstLoad.device,
          firstLoad.appOnDesktop,
        )
      : false;
}
