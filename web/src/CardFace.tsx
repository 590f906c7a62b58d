// A card face drawn in SVG: rank and suit in the corners, a big pip or the joker's word.
import { memo } from "react";
import { parseCard, SUIT_SYMBOL, isRed } from "./cards";
import { useLang } from "./i18n";

interface Props {
  card: string;
  selected?: boolean;
  small?: boolean;
  dim?: boolean;
  /** Just taken from the kitty. */
  fresh?: boolean;
  onClick?: () => void;
  onMouseDown?: () => void;
  onMouseEnter?: () => void;
  label?: string;
}

export const CardFace = memo(function CardFace({ card, selected, small, dim, fresh, onClick, onMouseDown, onMouseEnter, label }: Props) {
  const { rank, suit } = parseCard(card);
  const red = isRed(card);
  const joker = suit === null;
  const pip = joker ? "" : SUIT_SYMBOL[suit];
  // A joker's corner reads 大/小 王 in Chinese, BIG/SMALL JOKER in English (two lines each).
  const english = useLang() === "en";
  const jokerCorner = english ? [rank === "BJ" ? "BIG" : "SMALL", "JOKER"] : [rank === "BJ" ? "大" : "小", "王"];
  const classes = ["card", red ? "red" : "black", selected ? "selected" : "", small ? "small" : "", dim ? "dim" : "", fresh ? "fresh" : ""];
  return (
    <button
      type="button"
      className={classes.join(" ")}
      data-card={card}
      aria-pressed={onClick ? !!selected : undefined}
      aria-label={label ?? card}
      onClick={onClick}
      onMouseDown={onMouseDown}
      onMouseEnter={onMouseEnter}
      tabIndex={onClick ? 0 : -1}
    >
      <svg viewBox="0 0 60 84" aria-hidden="true">
        <rect x="1" y="1" width="58" height="82" rx="5" className="card-bg" />
        {joker ? (
          <>
            <text x="6" y="16" className={`corner joker-corner ${english ? "latin" : ""}`}>{jokerCorner[0]}</text>
            <text x="6" y="30" className={`corner joker-corner ${english ? "latin" : ""}`}>{jokerCorner[1]}</text>
            <text x="34" y="62" textAnchor="middle" className="joker-star">★</text>
          </>
        ) : (
          <>
            <text x="5" y="18" className="corner">{rank}</text>
            <text x="6" y="33" className="corner-pip">{pip}</text>
            <text x="38" y="68" textAnchor="middle" className="pip">{pip}</text>
          </>
        )}
      </svg>
    </button>
  );
});
