// Word lists and title templates for the demo seed, so titles read like real news and full-text search
// finds what a demo would type ('Ronaldo', 'election', 'storm').
import type { Random } from './random.ts';

const SLOTS: Record<string, readonly string[]> = {
  footballer: [
    'Ronaldo',
    'Messi',
    'Mbappé',
    'Haaland',
    'Kane',
    'Salah',
    'Bellingham',
    'Vinícius',
    'Saka',
    'Lewandowski',
  ],
  club: [
    'Real Madrid',
    'Barcelona',
    'Manchester City',
    'Liverpool',
    'Arsenal',
    'Bayern Munich',
    'PSG',
    'Juventus',
    'Inter',
    'Al Nassr',
    'Chelsea',
    'Dortmund',
  ],
  competition: ['Champions League', 'Premier League', 'La Liga', 'World Cup qualifier', 'FA Cup', 'Serie A'],
  hooper: [
    'LeBron James',
    'Stephen Curry',
    'Nikola Jokić',
    'Giannis Antetokounmpo',
    'Luka Dončić',
    'Jayson Tatum',
  ],
  nbaTeam: ['Lakers', 'Celtics', 'Warriors', 'Nuggets', 'Bucks', 'Knicks', 'Heat', 'Suns'],
  tennisPlayer: ['Djokovic', 'Alcaraz', 'Sinner', 'Swiatek', 'Sabalenka', 'Gauff', 'Medvedev', 'Zverev'],
  slam: ['Wimbledon', 'the US Open', 'Roland Garros', 'the Australian Open'],
  driver: ['Verstappen', 'Hamilton', 'Leclerc', 'Norris', 'Alonso', 'Piastri', 'Russell'],
  grandPrix: ['Monaco', 'Silverstone', 'Monza', 'Suzuka', 'Interlagos', 'Spa', 'Las Vegas'],
  country: ['France', 'Germany', 'Brazil', 'India', 'Canada', 'Spain', 'Japan', 'Mexico', 'Poland', 'Italy'],
  party: ['the opposition', 'the ruling coalition', 'the Greens', 'the centre-right', 'the Labour party'],
  region: ['the northern province', 'the capital', 'the coastal district', 'the swing states', 'the south'],
  policy: ['housing', 'climate', 'pension', 'healthcare', 'tax', 'education', 'immigration'],
  leader: [
    'The prime minister',
    'The president',
    'The finance minister',
    'The mayor',
    'The opposition leader',
  ],
  storm: ['Ciarán', 'Babet', 'Henk', 'Isha', 'Jocelyn', 'Kathleen', 'Lilian', 'Agnes'],
  city: [
    'Springfield',
    'Riverside',
    'Lakeview',
    'Port Elliot',
    'Northgate',
    'Millbrook',
    'Westhaven',
    'Brookfield',
  ],
  coast: ['Port Elliot', 'Seacliff', 'Harbour Point', 'Gull Bay', 'Saltmarsh', 'Driftwood Sands'],
  celebrity: [
    'Taylor Swift',
    'Zendaya',
    'Timothée Chalamet',
    'Beyoncé',
    'Ryan Gosling',
    'Margot Robbie',
    'Dua Lipa',
  ],
  film: [
    'the new Dune sequel',
    'the next Bond film',
    'the Barbie follow-up',
    'the Marvel reboot',
    'the space thriller',
  ],
  award: ['Oscars', 'Golden Globes', 'BAFTAs', 'Grammys', 'Emmys'],
  band: ['Coldplay', 'Arctic Monkeys', 'Imagine Dragons', 'The Killers', 'Muse'],
  season: ['spring', 'summer', 'autumn', 'winter'],
  company: ['Apple', 'Samsung', 'Google', 'Tesla', 'Microsoft', 'Nvidia', 'Amazon', 'Sony'],
  gadget: ['smartphone', 'folding phone', 'VR headset', 'smartwatch', 'laptop', 'electric SUV'],
  number: ['200', '450', '1,200', '3,000', '5,500'],
  rate: ['4.25', '4.5', '5', '5.25', '3.75'],
};

const TEMPLATES: Record<string, readonly string[]> = {
  sports: [
    '{footballer} scores twice as {club} beat {club}',
    '{footballer} hat-trick seals {club} win',
    'Late {footballer} winner stuns {club}',
    '{footballer} breaks record in {competition} clash',
    'Highlights: {club} vs {club} in the {competition}',
    '{club} coach praises {footballer} after {competition} draw',
    'Penalty drama as {club} knock out {club}',
  ],
  football: [
    '{footballer} scores twice as {club} beat {club}',
    'Watch: {footballer} free kick against {club}',
    '{club} fans celebrate {competition} title',
    'Highlights: {club} vs {club} in the {competition}',
    '{footballer} injured in {competition} clash with {club}',
    'Goal of the week: {footballer} stunner for {club}',
  ],
  basketball: [
    '{hooper} drops 40 as {nbaTeam} beat {nbaTeam}',
    'Buzzer-beater: {nbaTeam} stun {nbaTeam}',
    '{hooper} triple-double powers {nbaTeam}',
    'Playoff highlights: {nbaTeam} vs {nbaTeam}',
  ],
  tennis: [
    '{tennisPlayer} beats {tennisPlayer} in five-set thriller',
    '{tennisPlayer} reaches the final at {slam}',
    'Match point: {tennisPlayer} wins {slam}',
    '{tennisPlayer} upset in the first round at {slam}',
  ],
  motorsport: [
    '{driver} wins the {grandPrix} Grand Prix',
    'Crash at {grandPrix}: {driver} out on lap one',
    '{driver} takes pole in {grandPrix} qualifying',
    'Pit-stop drama costs {driver} at {grandPrix}',
  ],
  politics: [
    '{country} election: {party} claims early lead',
    'Voters head to the polls in {country}',
    'Election night: key moments from {region}',
    '{leader} unveils plan for {policy} reform',
    'Parliament debates {policy} bill',
    'Snap election called in {country}',
    'Debate highlights ahead of the {country} election',
  ],
  weather: [
    'Storm {storm} batters {coast} coast',
    'Storm {storm} leaves thousands without power in {city}',
    'Heatwave warning issued for {city}',
    'Flooding closes roads across {city}',
    'Snowfall brings {city} to a standstill',
    'Drone footage shows storm damage in {coast}',
    'Weather forecast: more rain for {city} this {season}',
  ],
  news: [
    'Fire crews tackle blaze in {city}',
    'Rail strike disrupts commuters in {city}',
    'New bridge opens in {city}',
    'Police appeal after incident in {city}',
    'Council approves {city} housing plan',
    'Hospital opens new wing in {city}',
    'Protesters march through {city} over {policy} cuts',
  ],
  entertainment: [
    '{celebrity} surprises fans at {city} concert',
    'First trailer for {film} released',
    '{celebrity} wins big at the {award}',
    'Red carpet highlights from the {award}',
    '{band} announce world tour',
    '{celebrity} and {celebrity} spotted in {city}',
  ],
  lifestyle: [
    'Five easy recipes for {season}',
    "Inside {city}'s newest rooftop garden",
    'How to save on energy bills this {season}',
    'The best hiking trails near {city}',
    '{season} fashion: what to wear this year',
    'Meet the baker behind {city}’s viral croissant',
  ],
  travel: [
    'Hidden beaches of {coast}',
    'A weekend in {coast}: where to eat and stay',
    'Ferry routes to {coast} return for {season}',
    'Cliff walks near {coast} you should not miss',
  ],
  tech: [
    '{company} unveils new {gadget}',
    'Hands-on with the latest {company} {gadget}',
    '{company} shares jump after AI announcement',
    'Electric car sales surge in {country}',
    'Cyberattack hits hospitals in {city}',
  ],
  business: [
    'Markets rally as inflation cools',
    '{company} to cut {number} jobs',
    'Interest rates held at {rate}%',
    '{company} posts record quarterly profit',
    'Oil prices climb after talks in {country}',
    'Harbour expansion brings {number} jobs to {coast}',
  ],
};

/** A title for a highlight of the given category (falls back to news for an unknown one). */
export function makeTitle(rnd: Random, category: string): string {
  const templates = TEMPLATES[category] ?? TEMPLATES.news!;
  const template = rnd.pick(templates);
  // Two slots of one kind (club vs club) must differ.
  const used = new Map<string, string[]>();
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    const words = SLOTS[slot];
    if (!words) return slot;
    const taken = used.get(slot) ?? [];
    const free = words.filter((w) => !taken.includes(w));
    const word = rnd.pick(free.length > 0 ? free : words);
    used.set(slot, [...taken, word]);
    return word;
  });
}

/** A url-safe slug of a title. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

export const STORY_TITLES = [
  'Match day in six moments',
  'The goals everyone is talking about',
  'Fan zone: the best of the weekend',
  'Storm watch: the week in weather',
  'Markets in a minute',
  'Culture picks for the weekend',
] as const;

export const PROGRAM_NAMES: Record<number, readonly string[]> = {
  406: [
    'Planet News at Six',
    'Election Night Special',
    'Morning Briefing',
    'Storm Watch Live',
    'Sunday Politics',
    'Evening Sports Roundup',
  ],
  407: [
    'Premier League Live: Arsenal vs Chelsea',
    'Champions League Tonight',
    'NBA Courtside',
    'Grand Prix Qualifying Live',
    'Tennis: Quarter-final Day',
    'Matchday Kick-off Show',
    'Transfer Deadline Live',
    'Super Sunday: Liverpool vs Manchester City',
    'Motorsport Weekly',
    'The Final Whistle',
  ],
};
