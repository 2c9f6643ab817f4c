import { defineMessages } from "./core.ts";

/**
 * The words around the workshop's opening hours (opening-hours-text.ts). The days and times
 * themselves come from opening-hours.ts, never from these texts. Day names as written inside a
 * sentence (Russian ones in lower case); a line or a table cell starts with a capital.
 */
export const openingHoursTexts = defineMessages(
  {
    title: "Opening hours",
    "day.0": "Sunday",
    "day.1": "Monday",
    "day.2": "Tuesday",
    "day.3": "Wednesday",
    "day.4": "Thursday",
    "day.5": "Friday",
    "day.6": "Saturday",
    days: "{first} - {last}",
    times: "{opens} - {closes}",
    closed: "Closed",
    "line.open": "{days}, {times}",
    "line.closed": "{days}: closed",
    pickup: "Pickup hours: {hours}",
  },
  {
    ru: {
      title: "Часы работы",
      "day.0": "воскресенье",
      "day.1": "понедельник",
      "day.2": "вторник",
      "day.3": "среда",
      "day.4": "четверг",
      "day.5": "пятница",
      "day.6": "суббота",
      days: "{first} - {last}",
      times: "{opens} - {closes}",
      closed: "Выходной",
      "line.open": "{days}, {times}",
      "line.closed": "{days}: выходной",
      pickup: "Часы выдачи: {hours}",
    },
  },
);
