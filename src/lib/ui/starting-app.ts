/**
 * The app a create form starts on (issue 41): none, so nobody files against whichever app a list put first,
 * unless the person sees exactly one app or last chose one (remembered per account on the server) that is
 * still among the choices.
 */
export function startingApp(choices: readonly string[], remembered: string | null | undefined): string | undefined {
  if (choices.length === 1) return choices[0];
  if (remembered && choices.includes(remembered)) return remembered;
  return undefined;
}
