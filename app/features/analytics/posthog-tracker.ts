import posthog from 'posthog-js/dist/module.slim';
import type { PageFlags } from '../../../contract/analytics-events';
import type { Tracker } from './analytics';

/**
 * Product analytics (PostHog), started from the page's own distinct id and server-evaluated
 * flags (spec §1: session recording off, flags not loaded on the first load). Our own page views
 * and clicks are the events; PostHog's autocapture, surveys and extra scripts stay off.
 */
export function posthogTracker(config: { key: string; host: string }, page: PageFlags): Tracker {
  posthog.init(config.key, {
    api_host: config.host,
    bootstrap: { distinctID: page.distinct_id, featureFlags: page.flags },
    disable_session_recording: true,
    advanced_disable_feature_flags_on_first_load: true,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    disable_surveys: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
  });
  return {
    send(event) {
      posthog.capture(event.name === 'page-view' ? '$pageview' : event.name, {
        $current_url: event.url,
        title: event.title,
        ...(event.label ? { label: event.label } : {}),
      });
    },
  };
}
