import { defineMessages } from "@workshop/domain/i18n/core.ts";

/** The console's photo uploads (a product's photos, an order's stage photos): choosing, progress, refusals. */
export const uploadTexts = defineMessages(
  {
    label: "Add photos",
    drop: "Drag photos here, or",
    choose: "choose files",
    rules: "JPG, PNG, WebP or GIF, up to {max} files at once, at most {mb} MB each.",
    tooMany: "You can only upload up to {max} files at once.",
    type: "Only JPG, PNG, WebP, and GIF images are allowed.",
    tooLarge: "{name} is larger than {mb} MB.",
    tooLargeAny: "Each image may be at most {mb} MB.",
    tooManyPixels: "Each image may be at most {mp} megapixels.",
    failed: "Failed to upload image(s). Please try again.",
    progress: "Uploading {name}",
    failedBar: "{name} failed",
    retry: "Try again",
    retryLabel: "Try uploading {name} again",
    removeLabel: "Remove {name}",
  },
  {
    ru: {
      label: "Добавить фото",
      drop: "Перетащите фото сюда или",
      choose: "выберите файлы",
      rules: "JPG, PNG, WebP или GIF, до {max} файлов за раз, не больше {mb} МБ каждый.",
      tooMany: "За один раз можно загрузить не больше {max} файлов.",
      type: "Можно загружать только изображения JPG, PNG, WebP и GIF.",
      tooLarge: "{name} больше {mb} МБ.",
      tooManyPixels: "Каждое изображение — не больше {mp} мегапикселей.",
      tooLargeAny: "Каждое изображение — не больше {mb} МБ.",
      failed: "Не удалось загрузить изображения. Попробуйте ещё раз.",
      progress: "Загрузка {name}",
      failedBar: "{name}: не загрузилось",
      retry: "Повторить",
      retryLabel: "Загрузить {name} ещё раз",
      removeLabel: "Убрать {name}",
    },
  },
);
