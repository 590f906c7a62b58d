// Names shared by every page: presets, modes, seats, titles.
import { m, tr, type Lang, type Msg } from "./i18n";

export const PRESET_NAMES: Record<string, Msg> = {
  zhaopengyou: m("找朋友", "找朋友", "Find a Friend"),
  qidong: m("启东招朋友", "啟東招朋友", "Qidong Friend"),
  tractor: m("升级", "升級", "Tractor"),
  shandong: m("山东升级", "山東升級", "Shandong Shengji"),
};

export const MODE_NAMES: Record<string, Msg> = {
  xun: m("「寻」找朋友", "「尋」找朋友", "called friend"),
  ding: m("「定」固定搭档", "「定」固定搭檔", "fixed partners"),
};

export function presetName(preset: string, lang: Lang): string {
  const msg = PRESET_NAMES[preset];
  return msg ? tr(msg, lang) : preset;
}

/** Seats are 0-based on the wire and shown from 1 (1号位). */
export function seatLabel(seat: number, lang: Lang): string {
  return tr(m("{n}号位", "{n}號位", "seat {n}"), lang, { n: seat + 1 });
}

/** A seat's name: "Bot 3" becomes 电脑3 in Chinese. */
export function playerName(name: string, lang: Lang): string {
  const bot = /^Bot (\d+)$/.exec(name);
  if (bot) return tr(m("电脑{n}", "電腦{n}", "Bot {n}"), lang, { n: bot[1] });
  return name;
}
