import { describe, expect, it } from "vitest";
import { m, tr } from "./i18n";

// Every source file of the client, as text (tests and generated types aside).
const SOURCES = import.meta.glob<string>(["./**/*.{ts,tsx}", "!./**/*.test.ts", "!./**/*.gen.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

// m("简体", "繁體", "English"): the three string literals of every message.
const MESSAGE = /\bm\(\s*("(?:[^"\\]|\\.)*")\s*,\s*("(?:[^"\\]|\\.)*")\s*,\s*("(?:[^"\\]|\\.)*")\s*,?\s*\)/g;
const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

describe("the three languages", () => {
  it("has every English text in English: no Chinese word or full-width punctuation left", () => {
    const found: string[] = [];
    let messages = 0;
    for (const [file, text] of Object.entries(SOURCES)) {
      for (const match of text.matchAll(MESSAGE)) {
        messages += 1;
        const english = JSON.parse(match[3]) as string;
        if (CHINESE.test(english)) found.push(`${file}: ${english}`);
      }
    }
    expect(messages).toBeGreaterThan(300); // the scan reads the messages it is about
    expect(found).toEqual([]);
  });

  it("fills placeholders in the chosen language", () => {
    const you = m("{name}（你）", "{name}（你）", "{name} (you)");
    expect(tr(you, "en", { name: "Ann" })).toBe("Ann (you)");
    expect(tr(you, "zh-Hant", { name: "安" })).toBe("安（你）");
  });
});
