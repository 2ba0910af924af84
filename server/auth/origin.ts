import type { FastifyRequest } from 'fastify';
import { environmentForHost } from '../../contract/environment';
import type { Config } from '../config';
import { HttpError } from '../http-errors';

/**
 * The site's own origin for this request (redirect URIs, issuers of the bundled provider, the
 * postMessage target): SITE_URL, else the request's own, for hosts of the configured lists only.
 */
export function requestOrigin(request: FastifyRequest, config: Config): string {
  if (config.siteUrl) return config.siteUrl;
  if (environmentForHost(request.headers.host, config.hosts) === 'unknown')
    throw new HttpError(
      400,
      'unknown_host',
      `Sign-in is not served on ${request.host}: set SITE_URL`,
    );
  return `${request.protocol}://${request.host}`;
}
