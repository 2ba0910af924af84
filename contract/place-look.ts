/**
 * A place's own look (ADR 077): the clips are drawn per kind of place, so two pizzerias share
 * their pictures; each place turns them to its own hue. Derived from the id alone, so every
 * page, card and player shows a place in the same colours with nothing stored or sent.
 *
 * Steps of 137° (prime to 360) spread neighbouring ids around the wheel: two places get the same
 * hue only when their ids differ by a multiple of 360.
 */
export function placeHue(locationId: number): number {
  return (((locationId * 137) % 360) + 360) % 360;
}

/** The CSS filter that turns a place's pictures to its hue; none for the wheel's zero. */
export function placeFilter(locationId: number): string | undefined {
  const hue = placeHue(locationId);
  return hue === 0 ? undefined : `hue-rotate(${hue}deg)`;
}
