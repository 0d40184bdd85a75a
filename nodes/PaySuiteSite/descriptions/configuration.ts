/**
 * The site configuration's documented sections, one collection each named as the body names it, so a validation
 * error names the panel's field; actions/site/siteBody.ts builds the body.
 */
import type { INodeProperties } from 'n8n-workflow';

import { countryOptions } from '../../shared/descriptions/choices';
import { flagField as flag, numberField as number, textField as text, wholeNumberField as whole } from '../../shared/descriptions/fields';

const countries = (displayName: string, name: string, description: string): INodeProperties =>
	({ displayName, name, type: 'multiOptions', options: countryOptions, default: [], description });
const commaList = (displayName: string, name: string, description: string, placeholder: string): INodeProperties =>
	text(displayName, name, `${description}; separate several with commas`, placeholder);

const section = (displayName: string, name: string, options: INodeProperties[], placeholder = 'Add Field'): INodeProperties =>
	({ displayName, name, type: 'collection', placeholder, default: {}, options });

// The platform publishes only some values of these settings ("appear"), so they stay text.
const behaviour = (displayName: string, name: string, seen: string) =>
	text(displayName, name, `What the platform does in this case (such as ${seen}; the full list is not published)`, seen.split(' or ')[0]);

const behaviours = (options: INodeProperties[]) => section('Behaviours', 'behaviours', options, 'Add Behaviour');

/** Each named as its body key. */
export const configurationProperties: INodeProperties[] = [
	section('Control', 'control', [
		countries('Allowed Bank Countries', 'allowedBankCountries', 'Countries whose banks may be used'),
		whole('Allowed Days', 'allowedDays', 'Days the site accepts payments (a number)'),
		text('Allowed Hours', 'allowedHours', 'Hours the site accepts payments, as hexadecimal characters', 'FFFFFF'),
		text('Delegated Authorization', 'delegatedAuthorization', 'Delegated authorization, as hexadecimal characters', 'FF'),
		commaList('Exception BINs', 'exceptionBinsList', 'Card BINs (first digits) let through the BIN filter', '411111, 422222'),
		flag('Filter by BIN', 'filterByBin', 'Whether cards are filtered by their first digits (BIN)'),
		flag('Filter Method A', 'filterMethodA', 'Whether filter A (tied to one payment method) is on'),
		flag('Filter Method B', 'filterMethodB', 'Whether filter B (tied to one payment method) is on'),
		flag('Filter Method C', 'filterMethodC', 'Whether filter C (tied to one payment method) is on'),
		number('Maximum Amount', 'maxAmount', 'Largest amount the site accepts'),
		number('Minimum Amount', 'minAmount', 'Smallest amount the site accepts'),
		whole('Precharge Filter', 'prechargeFilter', 'Precharge filter (a number)'),
	]),
	section('3-D Secure', 'threeDS', [
		number('Minimum Amount', 'minAmount', 'Smallest amount that asks for 3-D Secure'),
		behaviour('Setting', 'setting', 'VERY_LOW or LOW'),
	]),
	section('Historic', 'historic', [
		behaviour('Behaviour', 'behaviour', 'IGNORE'),
		number('Lower Score', 'lowerScore', 'Lower score of the history check'),
		number('Rejection Score', 'rejectionScore', 'Score from which a payment is rejected'),
	]),
	section('Credit Bureau', 'creditBureau', [
		behaviours([
			behaviour('On Failed', 'onFailed', 'REJECTED or PROCESS'),
			behaviour('On Match', 'onMatch', 'REJECTED or PROCESS'),
			behaviour('On No Match', 'onNoMatch', 'REJECTED or PROCESS'),
		]),
		number('Minimum Amount', 'minAmount', 'Smallest amount checked with the credit bureau'),
		commaList('Payment Groups', 'paymentGroups', 'Payment groups checked with the credit bureau', 'CASH'),
	]),
	section('Risk Engine', 'riskEngine', [
		number('Approval Score', 'approvalScore', 'Score up to which a payment is approved'),
		behaviours([
			behaviour('On Failed', 'onFailed', 'REJECTED or MANUAL'),
			behaviour('On High Risk', 'onHighRisk', 'REJECTED or MANUAL'),
			behaviour('On Low Risk', 'onLowRisk', 'REJECTED or MANUAL'),
			behaviour('On Medium Risk', 'onMediumRisk', 'REJECTED or MANUAL'),
		]),
		number('Minimum Amount', 'minAmount', 'Smallest amount checked by the risk engine'),
		flag('On Calibration', 'onCalibration', 'Whether the risk engine is calibrating (it does not decide yet)'),
		commaList('Payment Groups', 'paymentGroups', 'Payment groups checked by the risk engine', 'CASH'),
		number('Rejection Score', 'rejectionScore', 'Score from which a payment is rejected'),
	]),
	section('Security Filters', 'securityFilters', [
		whole('Allowed Cards per Day', 'allowedCardsDay', 'Cards one buyer may use per day'),
		whole('Allowed Cards per IP', 'allowedCardsByIP', 'Cards one IP address may use'),
		whole('Allowed Cards per Month', 'allowedCardsMonth', 'Cards one buyer may use per month'),
		whole('Allowed Cards per Year', 'allowedCardsYear', 'Cards one buyer may use per year'),
		countries('Allowed IP Countries', 'allowedIPCountries', 'Countries whose IP addresses are accepted'),
		countries('Allowed Issuer Countries', 'allowedIssuerCountries', 'Countries whose card issuers are accepted'),
		number('Amount per Day', 'dayMaxAmount', 'Total amount allowed per day'),
		number('Amount per Month', 'monthMaxAmount', 'Total amount allowed per month'),
		countries('Excluded IP Countries', 'excludeIPCountry', 'Countries whose IP addresses are refused'),
		flag('Filter Locked by Tries', 'filterLockedByTries', 'Whether cards locked after failed tries are refused'),
		flag('Force IP Match', 'forceIPMatch', "Whether the buyer's IP country must match the card's country"),
		flag('Only Whitelisted', 'onlyWhitelisted', 'Whether only whitelisted buyers may pay'),
		whole('Payments per Day', 'dayMax', 'Payments allowed per day'),
		whole('Payments per Month', 'monthMax', 'Payments allowed per month'),
	]),
	// Not named `operation`: that is the node's Operation selector.
	section('Operation Settings', 'operationSettings', [
		flag('Calculate Tax', 'calculateTax', 'Whether the platform calculates the tax'),
		flag('Disable Tax', 'disableTax', 'Whether taxes are disabled'),
		flag('Mail Buyer', 'mailCustomer', 'Whether the buyer is e-mailed'),
		flag('Mail Merchant', 'mailMerchant', 'Whether the merchant is e-mailed'),
		text('Reference Pattern', 'patternReference', 'Pattern that payment references must follow'),
		number('Tax Percentage', 'taxPercentage', 'Tax percentage, such as 19'),
	]),
	section('Subscription Validation', 'subscriptionValidation', [
		number('Amount', 'amount', 'Amount of the validation charge'),
		flag('Enable', 'enable', 'Whether a card is validated with a charge when it is subscribed'),
	]),
];
