/**
 * The games' venues that no sport's programme names (a sport's venue is in `sports/<CODE>/events.json`):
 * the athletes' village and the ceremonies' stadiums. Part of the games' code tables, like the
 * delegations: ODF's schedule carries one `VenueDescription` in English, so the Chinese names of
 * venues come from here, by code.
 */
export const GAMES_VENUES: readonly { code: string; name: { zh_CN: string; en_US: string } }[] = [
  { code: 'GAV', name: { zh_CN: '广州运动员村', en_US: "Guangzhou Athletes' Village" } },
  { code: 'GOS', name: { zh_CN: '广东奥林匹克体育场', en_US: 'Guangdong Olympic Stadium' } },
  { code: 'SBS', name: { zh_CN: '深圳湾体育中心', en_US: 'Shenzhen Bay Sports Centre' } },
];

export const gamesVenue = (code: string) => GAMES_VENUES.find((venue) => venue.code === code)!;
