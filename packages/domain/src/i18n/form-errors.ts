import { defineMessages } from "./core.ts";

/**
 * What a public form says beside a wrong field, by the field rule's code (validation/fields.ts):
 * the same words whether the browser found it before sending or the API refused it (its 400's
 * `details`, in the language the form was sent in).
 */
export const contactFormErrors = defineMessages(
  {
    required: "This field is required",
    email: "Please enter a valid email address",
    tooLong: "This is too long",
    choice: "Please choose one of the options",
    characters: "This contains characters that are not allowed",
  },
  {
    ru: {
      required: "Это поле обязательно",
      email: "Пожалуйста, введите корректный адрес эл. почты",
      tooLong: "Слишком длинный текст",
      choice: "Выберите один из вариантов",
      characters: "Здесь есть недопустимые символы",
    },
  },
);

/** The custom hat request's form (/custom), with its reference photos' two rules. */
export const customOrderFormErrors = defineMessages(
  {
    required: "This field is required",
    email: "Please enter a valid email address",
    tooLong: "This is too long",
    characters: "This contains characters that are not allowed",
    choice: "Please choose one of the options",
    photo: "A reference image could not be used. Please upload it again.",
    photos: "You can only upload up to 3 files at once.",
  },
  {
    ru: {
      required: "Это поле обязательно",
      email: "Введите корректный адрес эл. почты",
      tooLong: "Слишком длинно",
      characters: "Здесь есть недопустимые символы",
      choice: "Выберите один из вариантов",
      photo: "Не удалось использовать фото. Пожалуйста, загрузите его ещё раз.",
      photos: "Можно загрузить не более 3 файлов.",
    },
  },
);
