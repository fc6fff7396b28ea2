import { ClientEventBudget, type Verdict } from './client-event-budget.js';

describe('client event budget', () => {
  const limits = { burst: 3, perSecond: 2, floodTolerance: 4 };
  let now: number;
  let budget: ClientEventBudget;
  const spend = (times: number): Verdict[] => Array.from({ length: times }, () => budget.spend());

  beforeEach(() => {
    now = 1_000_000;
    budget = new ClientEventBudget(limits, () => now);
  });

  it('lets a burst through, then drops, then calls it a flood', () => {
    expect(spend(3)).toEqual(['pass', 'pass', 'pass']);
    expect(spend(3)).toEqual(['drop', 'drop', 'drop']);
    expect(budget.spend()).toBe('flood');
  });

  it('earns events back at its rate, never more than the burst', () => {
    spend(3);
    now += 500;
    expect(spend(2)).toEqual(['pass', 'drop']);
    now += 60_000;
    expect(spend(4)).toEqual(['pass', 'pass', 'pass', 'drop']);
  });

  it('charges dropped events, so a socket that keeps sending over its rate ends as a flood', () => {
    const verdicts: Verdict[] = [];
    // Four events a second against two earned: the debt grows by two every second.
    for (let second = 0; second < 10 && !verdicts.includes('flood'); second += 1) {
      for (let event = 0; event < 4; event += 1) {
        now += 250;
        verdicts.push(budget.spend());
      }
    }
    expect(verdicts.slice(0, 3)).toEqual(['pass', 'pass', 'pass']);
    expect(verdicts.at(-1)).toBe('flood');
    expect(verdicts.filter((verdict) => verdict === 'pass').length).toBeGreaterThan(3);
  });

  it('forgives a socket that stops: after a pause it may send again', () => {
    spend(6);
    now += 5_000;
    expect(budget.spend()).toBe('pass');
  });
});
