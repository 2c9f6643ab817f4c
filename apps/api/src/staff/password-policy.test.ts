import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, passwordProblem } from "./password-policy.ts";

describe("the staff password policy", () => {
  it("wants 12 characters or more, counted as a person counts them", () => {
    expect(passwordProblem("short-pw-11")).toBe("passwordTooShort");
    expect(passwordProblem("")).toBe("passwordTooShort");
    // 11 emoji are 22 UTF-16 units but 11 characters.
    expect(passwordProblem("🎩".repeat(11))).toBe("passwordTooShort");
    expect(passwordProblem("🎩🌴🌊🌺🐚🎩🌴🌊🌺🐚🎩🌴")).toBeNull();
    expect(passwordProblem("hat weaving 1")).toBeNull();
  });

  it("refuses more than the maximum", () => {
    expect(passwordProblem("pandan-x7q!".repeat(25).slice(0, PASSWORD_MAX))).toBeNull();
    expect(passwordProblem(`${"pandan-x7q!".repeat(25).slice(0, PASSWORD_MAX)}!`)).toBe("passwordTooLong");
  });

  it("refuses common passwords of 12+ characters, whatever their case", () => {
    for (const common of ["qwerty123456", "1q2w3e4r5t6y", "QWERTY123456", "LeaveMeAlone", "123456789012"]) {
      expect(passwordProblem(common), common).toBe("passwordCommon");
    }
    expect(passwordProblem("qwerty123456 pandan")).toBeNull();
  });

  it("refuses repeated and sequential characters, keyboard rows, and common or shop words with numbers", () => {
    for (const simple of [
      "aaaaaaaaaaaa",
      "111111111111",
      "000000000000",
      "            ",
      "abcdefghijkl",
      "qwertyuiopas",
      "lkjhgfdsapoi",
      "rumahtopi2026",
      "RumahTopi!2026",
      "password2026!",
      "workshop2026",
      "0987654321098",
    ]) {
      expect(passwordProblem(simple), simple).toMatch(/^password(Simple|Common)$/);
    }
    for (const fine of ["woven pandan hat", "Kintamani-felt-fedora-77", "tegallalang rice 26"])
      expect(passwordProblem(fine), fine).toBeNull();
  });

  it("refuses the account's own e-mail, whatever its case", () => {
    expect(passwordProblem("Ayu@RumahTopi.com", "ayu@rumahtopi.com")).toBe("passwordIsEmail");
    expect(passwordProblem("ayu@rumahtopi.com", "other@rumahtopi.com")).toBeNull();
  });

  it("refuses control characters and broken Unicode", () => {
    expect(passwordProblem("good password\u0000")).toBe("passwordCharacters");
    expect(passwordProblem("good password\ud800")).toBe("passwordCharacters");
  });
});
