// The round result in words, apart from the page that shows it (tested on its own).
import { cardsLabel } from "../../cards";
import { tr, type Lang } from "../../i18n";
import { T } from "./text";
import type { Standings } from "../../api";
import type { RoundOver } from "./types";

/** What the kitty did to X: 扣底, 保底 or nothing, in words. */
export function kittyText(result: RoundOver["result"], lang: Lang): string {
  const cards = cardsLabel(result.kitty, lang);
  if (result.kitty_multiplier > 0)
    return tr(T.kittyLine, lang, { cards, points: result.kitty_points, mult: result.kitty_multiplier, bonus: result.kitty_bonus });
  if (result.kitty_bonus < 0) return tr(T.kittyGuarded, lang, { cards, points: -result.kitty_bonus });
  return tr(T.kittyKept, lang, { cards, points: result.kitty_points });
}

/** The series' winners, or that nobody won when all tie (冠军 is not everyone). */
export function winnersText(standings: Standings, name: (seat: number) => string, lang: Lang): string {
  const winners = standings.winners ?? [];
  if (winners.length === standings.totals.length) return tr(T.allTied, lang);
  return tr(T.winners, lang, { names: winners.map(name).join(tr(T.listSep, lang)) });
}
