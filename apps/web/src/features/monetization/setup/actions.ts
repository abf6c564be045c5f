// The setup home's actions: their titles, descriptions, pickers and where they lead.
import type { MONETIZATION_SETUP_ACTIONS } from '@hc/shared/routes';

export type SetupAction = keyof typeof MONETIZATION_SETUP_ACTIONS;
export type ConfigAction =
  'new-publisher-config' | 'update-publisher-config' | 'new-placement-config' | 'update-placement-config';

export const SETUP_HOME_PATH = '/admin/monetization/setup';
export const AD_CONFIG_PATH = '/admin/ad-config';
/** The placement label of a publisher's own setup (config page title, view tables). */
export const PUBLISHER_DEFAULT_LABEL = 'Publisher default';

/** The five buttons, in the spec's order and wording. */
export const SETUP_BUTTONS: { action: SetupAction; label: string; icon: string; hint: string }[] = [
  {
    action: 'new-publisher-setup',
    label: 'NEW PUBLISHER SETUP',
    icon: 'pi pi-building',
    hint: 'Configure a publisher that has no setup yet.',
  },
  {
    action: 'new-placement-setup',
    label: 'NEW PLACEMENT SETUP',
    icon: 'pi pi-th-large',
    hint: 'Give one placement its own setup.',
  },
  {
    action: 'update-existing-setup',
    label: 'UPDATE EXISTING SETUP',
    icon: 'pi pi-pencil',
    hint: 'Change the setup of a publisher or placement.',
  },
  {
    action: 'bulk-update',
    label: 'BULK UPDATE',
    icon: 'pi pi-table',
    hint: 'Edit many publishers at once in the ad configuration grid.',
  },
  {
    action: 'view-existing-setup',
    label: 'VIEW EXISTING SETUP',
    icon: 'pi pi-eye',
    hint: 'Read the video and display setups of up to 20 publishers.',
  },
];

export interface SelectSpec {
  title: string;
  description: string;
  /** Which publishers the picker lists: with a setup, without, or all (undefined). */
  publishersMonetized: boolean | undefined;
  /** Placement picker: absent, required or optional, listing placements with / without their own setup. */
  placement: 'none' | 'required' | 'optional';
  placementsMonetized: boolean | undefined;
  button: 'New' | 'Load';
  /** Said under an empty picker. */
  noPublisher: string;
  noPlacement: string;
}

/** The select pages of the three actions that lead to a config page. */
export const SELECT_SPECS: Partial<Record<SetupAction, SelectSpec>> = {
  'new-publisher-setup': {
    title: 'New Publisher Setup',
    description: 'Choose a publisher without a setup to configure its video ad manager and display fallback.',
    publishersMonetized: false,
    placement: 'none',
    placementsMonetized: undefined,
    button: 'New',
    noPublisher: 'Every publisher has a setup: use Update existing setup to change one.',
    noPlacement: '',
  },
  'new-placement-setup': {
    title: 'New Placement Setup',
    description: 'Choose a publisher, then one of its placements without its own setup.',
    publishersMonetized: undefined,
    placement: 'required',
    placementsMonetized: false,
    button: 'New',
    noPublisher: 'There is no publisher yet.',
    noPlacement: 'Every placement of this publisher has its own setup.',
  },
  'update-existing-setup': {
    title: 'Update Existing Setup',
    description:
      "Choose a publisher to update its setup, or also one of its placements to update the placement's own setup.",
    publishersMonetized: true,
    placement: 'optional',
    placementsMonetized: true,
    button: 'Load',
    noPublisher: 'No publisher has a setup yet: use New publisher setup.',
    noPlacement: 'No placement of this publisher has its own setup: Load updates the publisher setup.',
  },
};

/** Where the select page's button leads. */
export function configActionFor(action: SetupAction, hasPlacement: boolean): ConfigAction {
  if (action === 'new-publisher-setup') return 'new-publisher-config';
  if (action === 'new-placement-setup') return 'new-placement-config';
  return hasPlacement ? 'update-placement-config' : 'update-publisher-config';
}

export const configPath = (action: ConfigAction, publisherId: number) =>
  `${SETUP_HOME_PATH}/${action}/${publisherId}`;

/** The placement a config page receives through navigation state (not through the route). */
export interface ConfigNavigationState {
  placement?: { id: number; name: string };
}
