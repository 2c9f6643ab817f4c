import { defineMessages } from "./core.ts";

/**
 * What the shipping address form says of a field that is wrong (the reasons of validation/fields.ts):
 * the page shows it as the browser checks the form, and the API answers it when it refuses one.
 */
export const addressFieldMessages = defineMessages(
  {
    required: "This field is required",
    email: "Please enter a valid email address",
    tooLong: "This is too long",
    characters: "This contains characters that are not allowed",
    choice: "Please choose one of the countries we ship to",
  },
  {
    ru: {
      required: "Это поле обязательно",
      email: "Пожалуйста, введите корректный адрес эл. почты",
      tooLong: "Слишком длинный текст",
      characters: "Здесь есть недопустимые символы",
      choice: "Выберите одну из стран, куда мы доставляем",
    },
  },
);
