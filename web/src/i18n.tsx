// Languages: every text is a Msg with its three versions, kept next to the code that shows it.
import { createContext, useContext } from "react";

export type Lang = "zh-Hans" | "zh-Hant" | "en";
export const LANGS: Lang[] = ["zh-Hans", "zh-Hant", "en"];
export const LANG_NAMES: Record<Lang, string> = { "zh-Hans": "简体", "zh-Hant": "繁體", en: "English" };

export type Msg = Record<Lang, string>;

/** A text in three languages; `{name}` placeholders are filled by `tr`. */
export function m(zhHans: string, zhHant: string, en: string): Msg {
  return { "zh-Hans": zhHans, "zh-Hant": zhHant, en };
}

export function format(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

export function tr(msg: Msg, lang: Lang, params?: Record<string, string | number>): string {
  return format(msg[lang], params);
}

export function savedLang(): Lang {
  const saved = localStorage.getItem("zpy.lang");
  return LANGS.includes(saved as Lang) ? (saved as Lang) : "zh-Hans";
}

export const LangContext = createContext<Lang>("zh-Hans");

/** `const t = useT(); t(MSG.title, {n: 3})` in any component. */
export function useT(): (msg: Msg, params?: Record<string, string | number>) => string {
  const lang = useContext(LangContext);
  return (msg, params) => tr(msg, lang, params);
}

export function useLang(): Lang {
  return useContext(LangContext);
}

/** A localized {zh-Hans, zh-Hant, en} object from the server (titles, phrases). */
export function pick(value: Partial<Record<Lang, string>> | string | null | undefined, lang: Lang): string {
  if (value == null) return "";
  if (typeof value === "string") return value;
  return value[lang] ?? value["zh-Hans"] ?? "";
}
