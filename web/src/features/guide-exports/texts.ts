/** The export control's words (issue 23). */
export const EXPORT_MENU_TEXTS = {
  menu: 'Export',
  calendar: 'Add to calendar (.ics)',
  route: 'GPS route (.gpx)',
  print: 'Print or save as PDF',
  calendarTitle: 'Add to calendar',
  calendarDescription: "Each day of the guide becomes an all-day event, starting on the trip's first day.",
  firstDay: "Trip's first day",
  download: 'Download .ics',
  calendarReady: 'Calendar file downloaded',
  routeReady: 'GPS route downloaded',
  exportFailed: 'Export failed',
} as const;
