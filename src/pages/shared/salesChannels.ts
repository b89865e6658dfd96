/** The two sales channels the demo charts plot, with their colours. */
export const SALES_CHANNELS = [
  { name: 'online', label: 'Online', color: 'indigo.6' },
  { name: 'store', label: 'In store', color: 'teal.6' },
];
